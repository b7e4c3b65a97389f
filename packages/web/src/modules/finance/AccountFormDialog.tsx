// Create or edit an account: code, English and Somali names, type, subtype (only those that fit the
// type), parent (an account of the same type, never the account itself or one below it), currency and
// description. POST /api/finance/accounts creates, PUT /api/finance/accounts/:id updates; the server's
// field errors (code taken, parent of another type, type of an account in use, ...) show on their
// fields and the dialog stays open. A system account keeps its code, type and subtype.
import { useEffect, useId, useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type Account,
  type AccountBodyInput,
  accountCode,
  type AccountSubtype,
  accountSubtype,
  accountSubtypeValues,
  type AccountType,
  accountType,
  accountTypeValues,
  financeEndpoints,
  subtypeFits,
  z,
} from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { toast } from '../../lib/api.ts';
import { useSaveEndpoint } from '../../lib/queries.ts';
import { type AccountNode, subtreeIds } from './finance.logic.ts';
import { LEDGER_PATHS } from './finance.queries.ts';

interface FormValues {
  code: string;
  nameEn: string;
  nameSo: string;
  /** An AccountType, or '' before one is chosen. */
  type: string;
  /** An AccountSubtype that fits the type, or ''. */
  subtype: string;
  parentId: string;
  currency: string;
  description: string;
}

const formSchema = z
  .object({
    code: accountCode,
    nameEn: z.string().trim().min(1).max(120),
    nameSo: z.string().trim().min(1).max(120),
    // '' (nothing chosen yet) answers 'required' rather than 'invalid'.
    type: z.string().min(1).pipe(accountType),
    subtype: z.string().min(1).pipe(accountSubtype),
    parentId: z.string(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{3})?$/, 'v.currency'),
    description: z.string().trim().max(500),
  })
  // zod runs the refinement even when a field failed (''), so it checks only known values.
  .refine(
    (v) =>
      !(accountSubtypeValues as readonly string[]).includes(v.subtype) ||
      !(accountTypeValues as readonly string[]).includes(v.type) ||
      subtypeFits(v.subtype, v.type),
    { path: ['subtype'], message: 'finance.subtypeMismatch' },
  );

type Parsed = z.infer<typeof formSchema>;

const toBody = (v: Parsed): AccountBodyInput => ({
  code: v.code,
  nameEn: v.nameEn,
  nameSo: v.nameSo,
  type: v.type,
  subtype: v.subtype,
  parentId: v.parentId ? Number(v.parentId) : null,
  currency: v.currency || undefined,
  description: v.description || undefined,
});

function valuesOf(a: Account | null): FormValues {
  return {
    code: a?.code ?? '',
    nameEn: a?.nameEn ?? '',
    nameSo: a?.nameSo ?? '',
    type: a?.type ?? '',
    subtype: a?.subtype ?? '',
    parentId: a?.parentId ? String(a.parentId) : '',
    currency: a?.currency ?? '',
    description: a?.description ?? '',
  };
}

export interface AccountFormDialogProps {
  /** The account to edit; null creates one. */
  account: Account | null;
  accounts: readonly Account[];
  tree: readonly AccountNode[];
  open: boolean;
  onClose: () => void;
}

export function AccountFormDialog({ account, accounts, tree, open, onClose }: AccountFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { control, handleSubmit, reset, setError, setValue, getValues, formState } = useForm<FormValues, unknown, Parsed>({
    mode: 'all',
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(null),
  });
  const type = useWatch({ control, name: 'type' }) as AccountType | '';

  useEffect(() => {
    if (open) reset(valuesOf(account));
  }, [open, account, reset]);

  const save = useSaveEndpoint<typeof financeEndpoints.createAccount, typeof financeEndpoints.updateAccount, FormValues>(
    { create: financeEndpoints.createAccount, update: financeEndpoints.updateAccount },
    {
      invalidate: LEDGER_PATHS,
      setError,
      successMessage: false,
      onSuccess: (saved) => {
        toast(t('finance.accounts.saved', { code: saved.code, name: saved.name }), 'success');
        onClose();
      },
    },
  );

  const isNew = account === null;
  const isFixed = Boolean(account?.isSystem);
  const subtypes = accountSubtypeValues.filter((s) => !type || subtypeFits(s, type));
  const excluded = useMemo(() => (account ? subtreeIds(tree, account.id) : new Set<number>()), [tree, account]);
  const parents = accounts.filter((a) => a.type === type && !excluded.has(a.id));

  const onTypeChange = (next: AccountType) => {
    // A subtype or parent that no longer fits the type is cleared, so the choice is made again.
    const subtype = getValues('subtype');
    if (subtype && !subtypeFits(subtype as AccountSubtype, next)) setValue('subtype', '', { shouldValidate: formState.isSubmitted });
    const parentId = getValues('parentId');
    if (parentId && accounts.find((a) => String(a.id) === parentId)?.type !== next) setValue('parentId', '');
  };

  const submit = handleSubmit((v) => save.mutate({ id: account?.id, body: toBody(v) }));

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{isNew ? t('finance.accounts.createTitle') : t('finance.accounts.editTitle', { code: account.code })}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <Grid container spacing={2.5} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="code"
                label={t('finance.accounts.code')}
                required
                autoFocus={isNew}
                disabled={isFixed}
                helperText={isFixed ? t('finance.accounts.systemFixed') : t('finance.accounts.codeHelp')}
                slotProps={{ htmlInput: { maxLength: 20, autoComplete: 'off' } }}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="type"
                label={t('finance.accounts.type')}
                select
                required
                disabled={isFixed || Boolean(account?.isUsed)}
                helperText={account?.isUsed && !isFixed ? t('finance.accounts.typeLocked') : undefined}
                transform={(v) => {
                  onTypeChange(v as AccountType);
                  return v;
                }}
                fullWidth
              >
                {accountTypeValues.map((v) => (
                  <MenuItem key={v} value={v}>
                    {t(`finance.type.${v}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField control={control} name="subtype" label={t('finance.accounts.subtype')} select required disabled={isFixed} fullWidth>
                {subtypes.map((v) => (
                  <MenuItem key={v} value={v}>
                    {t(`finance.subtype.${v}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="nameEn"
                label={t('finance.accounts.nameEn')}
                required
                autoFocus={!isNew}
                slotProps={{ htmlInput: { maxLength: 120, lang: 'en' } }}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="nameSo"
                label={t('finance.accounts.nameSo')}
                required
                slotProps={{ htmlInput: { maxLength: 120, lang: 'so' } }}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <FormTextField
                control={control}
                name="parentId"
                label={t('finance.accounts.parent')}
                select
                disabled={!type}
                helperText={type ? t('finance.accounts.parentHelp') : t('finance.accounts.parentChooseType')}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                fullWidth
              >
                <MenuItem value="">{t('finance.accounts.noParent')}</MenuItem>
                {parents.map((a) => (
                  <MenuItem key={a.id} value={String(a.id)}>
                    {a.code} · {a.name}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="currency"
                label={t('finance.accounts.currency')}
                helperText={t('finance.accounts.currencyHelp')}
                transform={(v) => v.toUpperCase()}
                slotProps={{ htmlInput: { maxLength: 3, autoComplete: 'off' } }}
                fullWidth
              />
            </Grid>
            <Grid size={12}>
              <FormTextField
                control={control}
                name="description"
                label={t('finance.accounts.description')}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: 500 } }}
                fullWidth
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending || (!isNew && !formState.isDirty)}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
