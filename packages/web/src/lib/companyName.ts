// The name printed at the top of a report (components/ReportFrame.tsx): the company profile's name for
// those who may read it (GET /api/elc/settings/company), otherwise the organisation name of the session.
import { useQuery } from '@tanstack/react-query';
import { companyEndpoints, endpointResource } from '@ubo/contracts';
import { useSession } from '../app/session.tsx';
import { api } from './api.ts';
import { resourceKeys } from './queryKeys.ts';

/** The company profile's privilege (contracts/privileges.ts). */
const COMPANY_PROFILE_PRIVILEGE = 'company-profile';

export function useCompanyName(): string {
  const { user, can } = useSession();
  const mayRead = can(COMPANY_PROFILE_PRIVILEGE);
  const company = useQuery({
    queryKey: resourceKeys(endpointResource(companyEndpoints.get)).all,
    queryFn: ({ signal }) => api.call(companyEndpoints.get, undefined, { signal, silent: true }),
    enabled: mayRead,
    staleTime: 5 * 60_000,
  });
  return (mayRead ? company.data?.name : undefined) ?? user?.clientName ?? '';
}
