import { describe, expect, it } from 'vitest';
import type { HouseDetail } from '@ubo/contracts';
import { checkCustomerForm, cleanPhone, emptyCustomer } from './customer.logic.ts';
import { bodyOf, contractResolver, issuesToErrors } from './form.logic.ts';
import {
  baselineOf,
  checkHouseForm,
  checkReplaceForm,
  consumptionSince,
  emptyHouse,
  emptyReplacement,
  houseToForm,
  isMeterFixed,
  nextStatus,
  periodOfDate,
} from './house.logic.ts';

const house: HouseDetail = {
  id: 5,
  customerId: 2,
  customerNo: 'C-000002',
  customerName: 'Hodan Ali',
  customerClass: 'residential',
  zoneId: 3,
  zoneName: 'Hodan',
  houseNo: 'H-7',
  address: null,
  tariffClass: null,
  effectiveClass: 'residential',
  status: 'Connected',
  meterId: 9,
  meterNumber: 'MT-1',
  meterDigits: 5,
  installationReading: '120',
  installationDate: '2025-01-10',
  tariffId: 1,
  tariffName: 'Residential',
  lastReading: null,
  createdAt: '',
  updatedAt: '',
  statusHistory: [],
  meters: [{ id: 9, meterNumber: 'MT-1', digits: 5, initialReading: '120', installedOn: '2025-01-10', removedOn: null, finalReading: null }],
};

describe('form errors', () => {
  it('nests issues as react-hook-form errors, the first message per field', () => {
    expect(
      issuesToErrors([
        { field: 'name', message: 'v.required' },
        { field: 'blocks.1.to', message: 'tariff.blockToAfterFrom' },
        { field: 'blocks.root', message: 'tariff.noBlocks' },
        { field: 'name', message: 'second' },
      ]),
    ).toMatchObject({
      name: { message: 'v.required' },
      blocks: Object.assign([undefined, { to: { message: 'tariff.blockToAfterFrom' } }], { root: { message: 'tariff.noBlocks' } }),
    });
  });

  it('resolves to the form values or to the errors; the body is the parsed contract', async () => {
    const resolver = contractResolver(checkCustomerForm);
    const values = { ...emptyCustomer(), name: 'Hodan Ali', phone: '061 5 123-456' };
    const ok = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok).toEqual({ values, errors: {} });
    expect(bodyOf(checkCustomerForm, values)).toMatchObject({
      name: 'Hodan Ali',
      phone: '0615123456',
      cityId: null,
      idType: null,
      email: null,
      openingBalance: '0',
    });
    const bad = await resolver({ ...emptyCustomer(), phone: '12' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.keys(bad.errors).sort()).toEqual(['name', 'phone']);
  });
});

describe('customer form', () => {
  it('accepts Somali numbers in local and international form, and refuses others on the phone field', () => {
    expect(cleanPhone(' +252 61 512-3456 ')).toBe('+252615123456');
    for (const phone of ['0615123456', '+252615123456', '00252615123456', '615123456', '0907123456']) {
      expect(checkCustomerForm({ ...emptyCustomer(), name: 'A', phone }).ok).toBe(true);
    }
    const bad = checkCustomerForm({ ...emptyCustomer(), name: 'A', phone: '+254712345678' });
    expect(bad).toEqual({ ok: false, issues: [{ field: 'phone', message: 'v.phone' }] });
  });

  it('wants the ID number with its type, a class, a valid e-mail and a money opening balance', () => {
    const r = checkCustomerForm({
      ...emptyCustomer(),
      name: 'A',
      phone: '0615123456',
      idType: 'passport',
      customerClass: '',
      email: 'x@',
      openingBalance: '12.345',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues).toEqual(
        expect.arrayContaining([
          { field: 'customerClass', message: 'v.required' },
          { field: 'email', message: 'v.email' },
          { field: 'openingBalance', message: 'v.money' },
        ]),
      );
    }
    const ok = checkCustomerForm({
      ...emptyCustomer(),
      name: 'A',
      phone: '0615123456',
      idType: 'passport',
      idNumber: 'P123',
      openingBalance: '-25.50',
      cityId: '4',
    });
    expect(ok).toMatchObject({ ok: true, body: { idType: 'passport', idNumber: 'P123', openingBalance: '-25.50', cityId: 4 } });
  });
});

describe('house form', () => {
  it("sends the customer's class when no override is chosen and wants a number or an address", () => {
    const v = { ...emptyHouse(2, '2026-03-01'), zoneId: '3', houseNo: 'H-1', meterNumber: 'MT-9' };
    expect(checkHouseForm(v)).toMatchObject({ ok: true, body: { customerId: 2, zoneId: 3, tariffClass: null, meterDigits: 6, installationReading: '0' } });
    const r = checkHouseForm({ ...emptyHouse(null, '2026-03-01'), meterNumber: 'bad number', meterDigits: '3' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.field).sort()).toEqual(['customerId', 'houseNo', 'meterDigits', 'meterNumber', 'zoneId']);
    expect(houseToForm(house)).toMatchObject({ customerId: 2, zoneId: '3', tariffClass: '', meterDigits: '5' });
  });

  it('lets the meter be corrected until its first reading or a replacement', () => {
    expect(isMeterFixed(house)).toBe(false);
    expect(
      isMeterFixed({ ...house, lastReading: { period: '2025-02', readingDate: '2025-02-28', currentReading: '150', consumption: '30', type: 'regular' } }),
    ).toBe(true);
    expect(isMeterFixed({ ...house, meters: [...house.meters, house.meters[0]] })).toBe(true);
    expect(nextStatus('Connected')).toBe('Disconnected');
    expect(nextStatus('Disconnected')).toBe('Connected');
  });
});

describe('meter replacement', () => {
  it('compares the final reading with the last reading, else the installation', () => {
    expect(baselineOf(house)).toEqual({ value: '120', date: '2025-01-10' });
    const read = { ...house, lastReading: { period: '2025-02', readingDate: '2025-02-28', currentReading: '150.5', consumption: '30.5', type: 'regular' } };
    expect(baselineOf(read)).toEqual({ value: '150.5', date: '2025-02-28' });
  });

  it('counts the units since the baseline, across a rollover, and spots a misread', () => {
    expect(consumptionSince('120', '150.25', 5)).toEqual({ kind: 'units', units: '30.25', isRollover: false });
    expect(consumptionSince('99990', '15', 5)).toEqual({ kind: 'units', units: '25', isRollover: true });
    expect(consumptionSince('120', '100', 5)).toEqual({ kind: 'below' });
    expect(consumptionSince('120', '100000', 5)).toBeNull();
    expect(consumptionSince('120', 'abc', 5)).toBeNull();
  });

  it('defaults the period to the month of the date and checks the new meter', () => {
    expect(periodOfDate('2026-04-15')).toBe('2026-04');
    const v = { ...emptyReplacement(house, '2026-04-15'), oldFinalReading: '180', newMeterNumber: 'MT-2' };
    expect(checkReplaceForm(v)).toMatchObject({ ok: true, body: { date: '2026-04-15', digits: 5, newInitialReading: '0' } });
    const r = checkReplaceForm({ ...v, oldFinalReading: '', newMeterNumber: 'a b', period: '2026-13' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues.map((i) => i.field).sort()).toEqual(['newMeterNumber', 'oldFinalReading', 'period']);
      expect(r.issues.find((i) => i.field === 'oldFinalReading')?.message).toBe('v.required');
    }
  });
});
