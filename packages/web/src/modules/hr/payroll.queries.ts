// Reads shared by the payroll screens: what they pick from (money accounts, bonus and deduction types,
// departments, employees).
import { loansEndpoints } from '@ubo/contracts';
import { callEndpoint } from '../../lib/api.ts';
import { useHrQuery } from './hr.queries.ts';

export const usePayrollChoices = () => useHrQuery(['payroll-choices'], () => callEndpoint(loansEndpoints.choices, {}));
