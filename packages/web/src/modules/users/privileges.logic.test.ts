// The picker's search and group checkbox, on the real catalogue and on a small one.
import { describe, expect, it } from 'vitest';
import { groupedPrivileges, type PrivilegeCatalogue } from '@ubo/contracts';
import { filterCatalogue, toggleGroup } from './privileges.logic.ts';

const small: PrivilegeCatalogue = [
  {
    group: 'settings',
    en: 'Settings',
    so: 'Habaynta',
    privileges: [
      { key: 'list-user', en: 'Users', so: 'Isticmaalayaasha' },
      { key: 'list-role', en: 'Roles', so: 'Doorarka' },
      { key: 'list-cities', en: 'Cities', so: 'Magaalooyinka' },
    ],
  },
  { group: 'dashboard', en: 'Dashboard', so: 'Muuqaalka Guud', privileges: [{ key: 'dashboard', en: 'View dashboard', so: 'Arag muuqaalka guud' }] },
];

describe('filterCatalogue', () => {
  it('keeps everything without a search', () => {
    expect(filterCatalogue(small, '  ', 'en')).toBe(small);
  });

  it('matches privilege labels in the chosen language only, ignoring case', () => {
    expect(filterCatalogue(small, 'CITIES', 'en').map((g) => g.privileges.map((p) => p.key))).toEqual([['list-cities']]);
    expect(filterCatalogue(small, 'roles', 'so')).toEqual([]);
    expect(filterCatalogue(small, 'magaal', 'so')[0].privileges.map((p) => p.key)).toEqual(['list-cities']);
  });

  it('keeps a whole group whose name matches, and matches keys', () => {
    expect(filterCatalogue(small, 'habaynta', 'so')[0].privileges).toHaveLength(3);
    expect(filterCatalogue(small, 'list-role', 'en')[0].privileges.map((p) => p.key)).toEqual(['list-role']);
  });

  it('finds privileges of the real catalogue in both languages', () => {
    const catalogue = groupedPrivileges();
    expect(filterCatalogue(catalogue, 'cities', 'en').flatMap((g) => g.privileges.map((p) => p.key))).toContain('list-cities');
    expect(filterCatalogue(catalogue, 'magaalooyinka', 'so').flatMap((g) => g.privileges.map((p) => p.key))).toContain('list-cities');
  });
});

describe('toggleGroup', () => {
  const keys = ['list-user', 'list-role', 'list-cities'];
  const none = () => false;

  it('ticks every key when some are missing, and unticks all when all are ticked', () => {
    expect(toggleGroup(keys, new Set(['list-role']), none)).toEqual(['list-cities', 'list-role', 'list-user']);
    expect(toggleGroup(keys, new Set(keys), none)).toEqual([]);
  });

  it('leaves locked keys and keys of other groups as they are', () => {
    const locked = (k: string) => k === 'list-role';
    expect(toggleGroup(keys, new Set(['dashboard']), locked)).toEqual(['dashboard', 'list-cities', 'list-user']);
    expect(toggleGroup(keys, new Set(['dashboard', 'list-user', 'list-cities', 'list-role']), locked)).toEqual(['dashboard', 'list-role']);
  });

  it('changes nothing when every key is locked', () => {
    expect(toggleGroup(keys, new Set(['list-user']), () => true)).toEqual(['list-user']);
  });
});
