// The employee's photo on the employee's page: shown (fetched with the token as a blob), uploaded or replaced
// (PNG, JPEG or WEBP, the upload limit of every image) and removed by whoever keeps the employee file. A
// refused file is told under the photo in the user's language and changes nothing.
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type EmployeeDetail, employeesEndpoints, imageMimeTypes } from '@ubo/contracts';
import { ApiError, api, toast } from '../../lib/api.ts';

/** The photo as an object URL, revoked when no longer shown; `version` refetches after a change. */
function usePhoto(employeeId: number, has: boolean, version: number) {
  const file = useQuery({
    queryKey: ['hr', 'employee-photo', employeeId, version],
    queryFn: ({ signal }) => api.call(employeesEndpoints.photo, { params: { id: employeeId } }, { signal, silent: true }),
    enabled: has,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [src, setSrc] = useState<string | null>(null);
  const blob = has ? file.data : undefined;
  useEffect(() => {
    if (!blob) {
      setSrc(null);
      return;
    }
    const url = URL.createObjectURL(blob as Blob);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return src;
}

export function EmployeePhoto({ e, canEdit }: { e: EmployeeDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const [version, setVersion] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const src = usePhoto(e.id, e.hasPhoto, version);
  const done = async (saved: EmployeeDetail, message: string) => {
    setProblem(null);
    setVersion((v) => v + 1);
    client.setQueryData(['hr', 'employee', e.id], saved);
    toast(message, 'success');
  };
  const fail = (err: unknown) => setProblem(err instanceof ApiError ? (err.details[0]?.message ?? err.message) : t('api.genericError'));
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.call(employeesEndpoints.uploadPhoto, { params: { id: e.id }, body: form }, { silent: true });
    },
    onSuccess: (saved) => done(saved, t('hr.photo.saved')),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => api.call(employeesEndpoints.removePhoto, { params: { id: e.id } }, { silent: true }),
    onSuccess: (saved) => done(saved, t('hr.photo.removed')),
    onError: fail,
  });
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate(file);
  };
  const busy = upload.isPending || remove.isPending;
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', minWidth: 160 }}>
      <Avatar
        src={src ?? undefined}
        alt={t('hr.photo.alt', { name: e.name })}
        variant="rounded"
        sx={{ width: 128, height: 128, fontSize: 40 }}
        slotProps={{ img: { 'data-testid': 'employee-photo' } as never }}
      >
        {e.name.slice(0, 1)}
      </Avatar>
      {canEdit && (
        <>
          <input
            ref={input}
            type="file"
            accept={imageMimeTypes.join(',')}
            onChange={onFile}
            hidden
            aria-describedby={helpId}
            data-testid="employee-photo-input"
          />
          <Button size="small" variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()} disabled={busy}>
            {t(e.hasPhoto ? 'hr.photo.replace' : 'hr.photo.upload')}
          </Button>
          {e.hasPhoto && (
            <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => remove.mutate()} disabled={busy}>
              {t('hr.photo.remove')}
            </Button>
          )}
          <span id={helpId} hidden>
            {t('hr.photo.help')}
          </span>
        </>
      )}
      {problem && (
        <Alert severity="error" role="alert" sx={{ maxWidth: 260 }}>
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
