// The customer picker's search on billing screens (houses, and the customer statement through this
// module's index): the customers list (GET /api/elc/customers?q=, 20 at a time), which needs
// list-customer; without it the picker says why it is empty.
import { useTranslation } from 'react-i18next';
import type { CustomerClass } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import type { CustomerSearch } from '../../components/CustomerPicker.tsx';
import { billingPrivileges } from './billing.access.ts';
import { useCustomerSearch } from './billing.queries.ts';

export interface CustomerOption {
  id: number;
  customerNo: string;
  name: string;
  customerClass: CustomerClass;
  phone?: string;
}

export function useCustomerOptions(q: string, open: boolean): CustomerSearch<CustomerOption> {
  const { t } = useTranslation();
  const mayList = useCan()(billingPrivileges.customers);
  const search = useCustomerSearch(q, open && mayList);
  return { options: search.data?.data ?? [], isFetching: search.isFetching, blocked: mayList ? undefined : t('billing.picker.noPrivilege') };
}
