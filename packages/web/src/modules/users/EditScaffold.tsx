// What the user and role editors (/settings/list-users/…, /settings/list-roles/…) share: loading the
// record the address names (/new, or a numeric id), a "not found" panel for a bad or unknown id, and
// the page around the form: the header with its way back and the sticky Cancel / Save bar. Texts come
// from the editor's own i18n group (users.user or users.roles), which has the same key names.
import { Fragment, type FormEventHandler, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDetailQuery } from '../../lib/queries.ts';

/** The i18n group of an editor: notFound, backToList, newTitle, newSubtitle, editSubtitle, create. */
export type EditTexts = 'users.user' | 'users.roles';

export interface RecordLoaderProps<T> {
  path: string;
  listRoute: string;
  texts: EditTexts;
  /** The form, given the record (undefined on /new); it is mounted afresh for every address. */
  children: (existing: T | undefined) => ReactNode;
}

export function RecordLoader<T>({ path, listRoute, texts, children }: RecordLoaderProps<T>) {
  const { t } = useTranslation();
  const { id } = useParams();
  const isNew = id === undefined;
  const validId = isNew || /^\d{1,9}$/.test(id);
  const detail = useDetailQuery<T>(path, !isNew && validId ? id : null);

  if (!isNew && validId && detail.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (!isNew && (!validId || !detail.data)) {
    return (
      <Paper sx={{ p: 4, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>{t(`${texts}.notFound`)}</Typography>
        <Button component={RouterLink} to={listRoute} startIcon={<ArrowBackIcon />}>
          {t(`${texts}.backToList`)}
        </Button>
      </Paper>
    );
  }
  return <Fragment key={id ?? 'new'}>{children(detail.data)}</Fragment>;
}

export interface EditFormFrameProps {
  texts: EditTexts;
  listRoute: string;
  /** The record being changed (its heading and the name in the subtitle); undefined when creating. */
  record: { title: string; name: string } | undefined;
  /** Shown between the header and the form. */
  notice?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  isDirty: boolean;
  /** Nothing may be saved (a deleted user, an account out of the caller's reach). */
  readOnly?: boolean;
  children: ReactNode;
}

export function EditFormFrame({ texts, listRoute, record, notice, onSubmit, isSubmitting, isDirty, readOnly = false, children }: EditFormFrameProps) {
  const { t } = useTranslation();
  const isNew = record === undefined;
  return (
    <>
      <PageHeader
        title={isNew ? t(`${texts}.newTitle`) : record.title}
        subtitle={isNew ? t(`${texts}.newSubtitle`) : t(`${texts}.editSubtitle`, { name: record.name })}
        actions={
          <Button component={RouterLink} to={listRoute} variant="outlined" startIcon={<ArrowBackIcon />}>
            {t(`${texts}.backToList`)}
          </Button>
        }
      />
      {notice}
      <form onSubmit={onSubmit} noValidate>
        {children}
        <Paper elevation={3} sx={{ position: 'sticky', bottom: 16, mt: 3, p: 1.5, display: 'flex', justifyContent: 'flex-end', gap: 1.5, zIndex: 2 }}>
          <Button component={RouterLink} to={listRoute}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={readOnly || isSubmitting || (!isNew && !isDirty)}>
            {isNew ? t(`${texts}.create`) : t('common.save')}
          </Button>
        </Paper>
      </form>
    </>
  );
}
