// The settings reference lists: cities, item categories and units of measure.
import { sql } from 'drizzle-orm';
import {
  categoriesEndpoints,
  category,
  categoryBody,
  categoryListQuery,
  citiesEndpoints,
  city,
  cityBody,
  cityListQuery,
  unit,
  unitBody,
  unitListQuery,
  unitsEndpoints,
  type ReferenceStatus,
} from '@ubo/contracts';
import type { ReferenceList } from '../../lib/reference-list.ts';
import { categories, cities, units } from './settings.tables.ts';

const iso = (d: Date) => d.toISOString();

export const cityList: ReferenceList<typeof cities, typeof cityBody, typeof city> = {
  entity: 'city',
  endpoints: citiesEndpoints,
  privilege: 'list-cities',
  tag: 'settings',
  table: cities,
  body: cityBody,
  item: city,
  query: cityListQuery,
  sortColumns: {
    id: cities.id,
    name: sql`lower(${cities.name})`,
    region: sql`lower(${cities.region})`,
    status: cities.status,
    createdAt: cities.createdAt,
    updatedAt: cities.updatedAt,
  },
  searchColumns: [cities.name, cities.region],
  toValues: (input) => ({ name: input.name, region: input.region }),
  toItem: (row) => ({
    id: row.id,
    name: row.name,
    region: row.region,
    status: row.status as ReferenceStatus,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }),
};

export const categoryList: ReferenceList<typeof categories, typeof categoryBody, typeof category> = {
  entity: 'category',
  endpoints: categoriesEndpoints,
  privilege: 'list-category',
  tag: 'settings',
  table: categories,
  body: categoryBody,
  item: category,
  query: categoryListQuery,
  sortColumns: {
    id: categories.id,
    name: sql`lower(${categories.name})`,
    status: categories.status,
    createdAt: categories.createdAt,
    updatedAt: categories.updatedAt,
  },
  searchColumns: [categories.name, categories.description],
  toValues: (input) => ({ name: input.name, description: input.description }),
  toItem: (row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status as ReferenceStatus,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }),
};

export const unitList: ReferenceList<typeof units, typeof unitBody, typeof unit> = {
  entity: 'unit',
  endpoints: unitsEndpoints,
  privilege: 'list-unit',
  tag: 'settings',
  table: units,
  body: unitBody,
  item: unit,
  query: unitListQuery,
  sortColumns: {
    id: units.id,
    name: sql`lower(${units.name})`,
    abbreviation: sql`lower(${units.abbreviation})`,
    status: units.status,
    createdAt: units.createdAt,
    updatedAt: units.updatedAt,
  },
  searchColumns: [units.name, units.abbreviation],
  toValues: (input) => ({ name: input.name, abbreviation: input.abbreviation }),
  toItem: (row) => ({
    id: row.id,
    name: row.name,
    abbreviation: row.abbreviation,
    status: row.status as ReferenceStatus,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }),
};
