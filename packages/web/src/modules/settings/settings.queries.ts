// Server state of the company-profile screen: the profile (GET/PUT elc/settings/company), its images
// (POST/DELETE elc/settings/company/logo|signature, shown through GET files/:id with the bearer token)
// and the read-only subscription (GET elc/settings/subscription). A change puts the answer straight
// into the cache and reloads the signed-in profile, whose forced route and organisation name it affects.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyImageKind, CompanyProfile, SubscriptionInfo, UpdateCompanyBody } from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import { resourceKeys, shellKeys } from '../../lib/queryKeys.ts';

export const COMPANY_PATH = 'elc/settings/company';
export const SUBSCRIPTION_PATH = 'elc/settings/subscription';

export const settingsKeys = {
  company: resourceKeys(COMPANY_PATH).all,
  subscription: resourceKeys(SUBSCRIPTION_PATH).all,
  /** A stored file by its API address (/api/files/:id). */
  file: (url: string) => ['files', url] as const,
};

export function useCompanyQuery() {
  return useQuery({
    queryKey: settingsKeys.company,
    queryFn: ({ signal }) => api.get<CompanyProfile>(COMPANY_PATH, undefined, { signal }),
  });
}

export function useSubscriptionQuery() {
  return useQuery({
    queryKey: settingsKeys.subscription,
    queryFn: ({ signal }) => api.get<SubscriptionInfo>(SUBSCRIPTION_PATH, undefined, { signal, silent: true }),
  });
}

/** After any change of the profile: the answer into the cache, then the signed-in profile reloaded. */
function useStoreCompany() {
  const client = useQueryClient();
  return async (profile: CompanyProfile) => {
    client.setQueryData(settingsKeys.company, profile);
    await client.invalidateQueries({ queryKey: shellKeys.profile });
  };
}

export function useUpdateCompany() {
  const store = useStoreCompany();
  return useMutation({
    mutationFn: (body: UpdateCompanyBody) => api.put<CompanyProfile>(COMPANY_PATH, body),
    onSuccess: store,
  });
}

/**
 * Upload (multipart field `file`) or remove one image. Failures are not toasted: the image card shows
 * them next to the picture (the interceptor still redirects on 401, 402 and an expired subscription).
 */
export function useCompanyImage(kind: CompanyImageKind) {
  const store = useStoreCompany();
  const path = `${COMPANY_PATH}/${kind}`;
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post<CompanyProfile>(path, form, { silent: true });
    },
    onSuccess: store,
  });
  const remove = useMutation({
    mutationFn: () => api.delete<CompanyProfile>(path, { silent: true }),
    onSuccess: store,
  });
  return { upload, remove };
}

/**
 * A stored file as an object URL for <img src>: the file is fetched with the bearer token (a plain
 * <img src="/api/files/…"> would carry none) and the URL is revoked when it is no longer shown.
 */
export function useFileObjectUrl(url: string | null | undefined) {
  const file = useQuery({
    queryKey: settingsKeys.file(url ?? ''),
    queryFn: ({ signal }) => api.blob(url ?? '', undefined, { signal, silent: true }),
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [src, setSrc] = useState<string | null>(null);
  const blob = url ? file.data : undefined;
  useEffect(() => {
    if (!blob) {
      setSrc(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return { src, isLoading: Boolean(url) && file.isPending, isError: file.isError };
}
