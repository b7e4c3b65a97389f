// The customer form: text values to the body of POST/PUT /api/elc/customers, judged by the contract.
// The opening balance is posted to the ledger; once posted it is shown but no longer sent as a change.
import { type Customer, type CustomerClass, type CustomerInput, customerBody, type IdDocumentType } from '@ubo/contracts';
import { checkWith, chosen, type FormCheck } from './form.logic.ts';

export interface CustomerFormValues {
  name: string;
  phone: string;
  email: string;
  address: string;
  /** '' : no city. */
  cityId: string;
  customerClass: CustomerClass | '';
  idType: IdDocumentType | '';
  idNumber: string;
  openingBalance: string;
}

export const emptyCustomer = (): CustomerFormValues => ({
  name: '',
  phone: '',
  email: '',
  address: '',
  cityId: '',
  customerClass: 'residential',
  idType: '',
  idNumber: '',
  openingBalance: '0',
});

export function customerToForm(c: Customer): CustomerFormValues {
  return {
    name: c.name,
    phone: c.phone,
    email: c.email ?? '',
    address: c.address ?? '',
    cityId: c.cityId === null ? '' : String(c.cityId),
    customerClass: c.customerClass,
    idType: c.idType ?? '',
    idNumber: c.idNumber ?? '',
    openingBalance: c.openingBalance,
  };
}

/** Spaces and dashes people type in phone numbers ("061 5 123-456") are not part of the number. */
export const cleanPhone = (text: string) => text.replace(/[\s-]+/g, '');

export function checkCustomerForm(v: CustomerFormValues): FormCheck<CustomerInput> {
  return checkWith(customerBody, {
    ...v,
    phone: cleanPhone(v.phone),
    customerClass: chosen(v.customerClass),
    idType: v.idType,
    openingBalance: v.openingBalance.trim() === '' ? '0' : v.openingBalance.trim(),
  });
}
