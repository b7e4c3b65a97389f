// Server state of the company-profile screen: the profile (companyEndpoints get/update), its images
// (companyEndpoints upload/remove of the logo and the signature, shown through filesEndpoints.get with the
// bearer token) and the read-only subscription (companyEndpoints.subscription). A change puts the answer
// straight into the cache and reloads the signed-in profile, whose forced route and organisation name it affects.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CompanyImageKind,
  type CompanyProfile,
  companyEndpoints,
  endpointPath,
  endpointResource,
  filesEndpoints,
  type UpdateCompanyBody,
} from '@ubo/contracts';
import { api, callEndpoint } from '../../lib/api.ts';
import { resourceKeys, shellKeys } from '../../lib/queryKeys.ts';

export const settingsKeys = {
  company: resourceKeys(endpointResource(companyEndpoints.get)).all,
  subscription: resourceKeys(endpointResource(companyEndpoints.subscription)).all,
  /** A stored file by its API address (/api/files/:id). */
  file: (url: string) => ['files', url] as const,
};

export function useCompanyQuery() {
  return useQuery({
    queryKey: settingsKeys.company,
    queryFn: ({ signal }) => api.call(companyEndpoints.get, undefined, { signal }),
  });
}

export function useSubscriptionQuery() {
  return useQuery({
    queryKey: settingsKeys.subscription,
    queryFn: ({ signal }) => api.call(companyEndpoints.subscription, undefined, { signal, silent: true }),
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
    mutationFn: (body: UpdateCompanyBody) => api.call(companyEndpoints.update, { body }),
    onSuccess: store,
  });
}

const imageEndpoints = {
  logo: { upload: companyEndpoints.uploadLogo, remove: companyEndpoints.removeLogo },
  signature: { upload: companyEndpoints.uploadSignature, remove: companyEndpoints.removeSignature },
} as const satisfies Record<CompanyImageKind, unknown>;

/**
 * Upload (multipart field `file`) or remove one image. Failures are not toasted: the image card shows
 * them next to the picture (the interceptor still redirects on 401, 402 and an expired subscription).
 */
export function useCompanyImage(kind: CompanyImageKind) {
  const store = useStoreCompany();
  const endpoints = imageEndpoints[kind];
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callEndpoint(endpoints.upload, { body: form }, { silent: true });
    },
    onSuccess: store,
  });
  const remove = useMutation({
    mutationFn: () => callEndpoint(endpoints.remove, undefined, { silent: true }),
    onSuccess: store,
  });
  return { upload, remove };
}

/** A blob as an object URL for <img src>, revoked when it is no longer shown; idle without a fetch. */
function useBlobObjectUrl(key: readonly unknown[], fetchBlob: ((signal: AbortSignal) => Promise<Blob>) | null) {
  const file = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => (fetchBlob as (signal: AbortSignal) => Promise<Blob>)(signal),
    enabled: fetchBlob !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [src, setSrc] = useState<string | null>(null);
  const blob = fetchBlob ? file.data : undefined;
  useEffect(() => {
    if (!blob) {
      setSrc(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return { src, isLoading: fetchBlob !== null && file.isPending, isError: file.isError };
}

/**
 * A stored file (filesEndpoints.get) by its id as an object URL for <img src>: the file is fetched with
 * the bearer token (a plain <img src="/api/files/…"> would carry none) and the URL is revoked when it is
 * no longer shown. Null id: no image.
 */
export function useStoredFileUrl(fileId: string | null | undefined) {
  return useBlobObjectUrl(
    settingsKeys.file(fileId ? endpointPath(filesEndpoints.get.path, { id: fileId }) : ''),
    fileId ? (signal) => api.call(filesEndpoints.get, { params: { id: fileId } }, { signal, silent: true }) : null,
  );
}
