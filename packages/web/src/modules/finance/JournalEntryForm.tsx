// The general journal's entry form: date, reference and memo, then an editable grid of lines (account
// by code or name, debit, credit, party type + the party by name or number, line memo). Enter moves to the next cell like
// Tab (and on the last cell adds a line); Ctrl+Enter saves. The debit and credit totals and their
// difference are summed live with decimal.js; Save stays disabled while the entry is empty, unbalanced
// or holds an amount the ledger would refuse. The posting carries an Idempotency-Key made once per
// form, so a double submit posts once; the server's field errors (`lines.2.accountId`) land on that
// row's cell, entry-level refusals (closed period, ...) above the totals.
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SaveIcon from '@mui/icons-material/Save';
import { Controller, type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type JournalEntry, partyTypeValues } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { MoneyText } from '../../components/MoneyText.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { useMessage } from '../../lib/messages.ts';
import { AccountPicker } from './AccountPicker.tsx';
import { useLargeAmountGuard } from './amountLimits.tsx';
import { LinePartyPicker } from './LinePartyPicker.tsx';
import {
  AMOUNT_PATTERN,
  amountOf,
  emptyLine,
  entryLink,
  formFieldOf,
  isBlankLine,
  type JournalFormValues,
  journalTotals,
  MAX_PARTY_ID,
  PARTY_ID_PATTERN,
  toJournalBody,
} from './finance.logic.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { useAllAccounts, usePostJournal } from './finance.queries.ts';

const LINE_FIELDS = ['accountId', 'debit', 'credit', 'partyType', 'partyId', 'memo'] as const;
const HEADER_FIELDS = ['date', 'reference', 'memo'] as const;
const PAIRED_FIELDS = ['debit', 'credit', 'partyType', 'partyId'] as const;
const MAX_LINES = 500;

const defaults = (date: string): JournalFormValues => ({ date, reference: '', memo: '', lines: [emptyLine(), emptyLine()] });

/** The form field a server error names, if the form has it. */
function isFormField(field: string): field is FieldPath<JournalFormValues> {
  if ((HEADER_FIELDS as readonly string[]).includes(field)) return true;
  const m = /^lines\.\d+\.(\w+)$/.exec(field);
  return Boolean(m && (LINE_FIELDS as readonly string[]).includes(m[1]));
}

export function JournalEntryForm() {
  const { t } = useTranslation();
  const text = useMessage();
  const formId = useId();
  const gridRef = useRef<HTMLFormElement>(null);
  const accounts = useAllAccounts();
  const post = usePostJournal();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [entryError, setEntryError] = useState<string | null>(null);
  const [posted, setPosted] = useState<JournalEntry | null>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);

  const { control, handleSubmit, reset, setError, getValues, getFieldState, trigger, formState } = useForm<JournalFormValues>({
    mode: 'onTouched',
    defaultValues: defaults(todayIso()),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const totals = journalTotals(lines);

  // The rules of debit/credit and of the party pair read each other: a message on one side goes as
  // soon as the other side is filled in. Only fields showing a message of these rules are checked.
  const linesKey = JSON.stringify(lines);
  // biome-ignore lint/correctness/useExhaustiveDependencies: linesKey stands for the lines' values
  useEffect(() => {
    const names = fields.flatMap((_, row) =>
      PAIRED_FIELDS.map((f) => `lines.${row}.${f}` as const).filter((name) => {
        const error = getFieldState(name).error;
        return error !== undefined && error.type !== 'server';
      }),
    );
    if (names.length > 0) void trigger(names);
  }, [linesKey]);

  // A line added from the keyboard takes the focus on its account cell once it is rendered.
  useEffect(() => {
    if (focusRow === null) return;
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="lines.${focusRow}.accountId"]`)?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const addLine = (focus: boolean) => {
    if (fields.length >= MAX_LINES) return;
    append(emptyLine(), { shouldFocus: false });
    if (focus) setFocusRow(fields.length);
  };

  /** Enter acts as Tab through the cells; on the last cell it adds a line. */
  const moveOn = (from: HTMLElement) => {
    const cells = [...(gridRef.current?.querySelectorAll<HTMLElement>('[data-cell]') ?? [])].filter((el) => !(el as HTMLInputElement).disabled);
    const at = cells.indexOf(from);
    if (at < 0) return;
    if (at < cells.length - 1) cells[at + 1].focus();
    else addLine(true);
  };

  const largeAmount = useLargeAmountGuard('journal');
  // The entry's size is its debit total (what the ledger holds to the organisation's maximum).
  const submit = handleSubmit((values) =>
    largeAmount.guard(journalTotals(values.lines).debit.toFixed(2), async () => {
      setEntryError(null);
      setPosted(null);
      const { body, rowOf } = toJournalBody(values);
      try {
        const entry = await post.mutateAsync({ body, key: idempotencyKey });
        toast(t('finance.journal.posted', { number: entry.number }), 'success');
        setPosted(entry);
        // The next entry starts empty, on the same date, with a new key.
        reset(defaults(values.date));
        setIdempotencyKey(newIdempotencyKey());
      } catch (err) {
        if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
        let placed = false;
        err.details.forEach((d, i) => {
          const field = formFieldOf(d.field, rowOf);
          if (!isFormField(field)) return;
          setError(field, { type: 'server', message: d.message }, { shouldFocus: i === 0 });
          placed = true;
        });
        if (!placed) setEntryError(err.message);
      }
    }),
  );

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.defaultPrevented || e.shiftKey || e.altKey) return;
    const target = e.target as HTMLElement;
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      if (totals.canSave) void submit();
      return;
    }
    if (target.dataset.cell === undefined) return;
    e.preventDefault();
    moveOn(target);
  };

  const cell = (name: string) => ({ 'data-cell': name });
  const lineLabel = (row: number, field: string) => t(`finance.journal.cell.${field}`, { n: row + 1 });
  const differenceText = totals.isEmpty
    ? t('finance.journal.noAmounts')
    : totals.isBalanced
      ? t('finance.journal.balanced')
      : t(totals.difference.isPositive() ? 'finance.journal.creditShort' : 'finance.journal.debitShort');

  return (
    <Paper component="form" ref={gridRef} id={formId} onSubmit={submit} onKeyDown={onKeyDown} noValidate sx={{ p: { xs: 2, md: 3 } }}>
      {largeAmount.dialog}
      {posted && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setPosted(null)}>
          {t('finance.journal.postedText', { number: posted.number })}{' '}
          <Link component={RouterLink} to={entryLink(posted.id)}>
            {t('finance.journal.openEntry')}
          </Link>
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <FormTextField
          control={control}
          name="date"
          label={t('finance.journal.date')}
          type="date"
          required
          rules={{ required: 'v.required', pattern: { value: /^\d{4}-\d{2}-\d{2}$/, message: 'v.date' } }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: cell('date') }}
          sx={{ width: { md: 190 } }}
        />
        <FormTextField
          control={control}
          name="reference"
          label={t('finance.journal.reference')}
          rules={{ maxLength: { value: 100, message: 'v.maxLength|100' } }}
          slotProps={{ htmlInput: { ...cell('reference'), maxLength: 100 } }}
          sx={{ width: { md: 220 } }}
        />
        <FormTextField
          control={control}
          name="memo"
          label={t('finance.journal.memo')}
          rules={{ maxLength: { value: 1000, message: 'v.maxLength|1000' } }}
          slotProps={{ htmlInput: { ...cell('memo'), maxLength: 1000 } }}
          sx={{ flex: 1 }}
        />
      </Stack>

      <TableContainer>
        <Table size="small" aria-label={t('finance.journal.linesTitle')} sx={{ minWidth: 1060, '& td': { verticalAlign: 'top', px: 0.75 } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 36 }}>#</TableCell>
              <TableCell sx={{ minWidth: 260 }}>{t('finance.journal.account')}</TableCell>
              <TableCell align="right" sx={{ width: 140 }}>
                {t('finance.debit')}
              </TableCell>
              <TableCell align="right" sx={{ width: 140 }}>
                {t('finance.credit')}
              </TableCell>
              <TableCell sx={{ width: 120 }}>{t('finance.journal.partyType')}</TableCell>
              <TableCell sx={{ minWidth: 220 }}>{t('finance.journal.party')}</TableCell>
              <TableCell sx={{ minWidth: 140 }}>{t('finance.journal.lineMemo')}</TableCell>
              <TableCell sx={{ width: 48 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((f, row) => {
              const isBlank = () => isBlankLine(getValues(`lines.${row}`));
              const amountRules = (side: 'debit' | 'credit') => ({
                validate: (value: unknown) => {
                  const v = String(value ?? '');
                  if (isBlank()) return true;
                  if (!amountOf(v)) return AMOUNT_PATTERN.test(v.replace('-', '')) ? 'ledger.negative' : 'v.money';
                  if (side === 'credit') {
                    const d = amountOf(getValues(`lines.${row}.debit`));
                    const c = amountOf(v);
                    if (d && c && d.gt(0) && c.gt(0)) return 'ledger.bothSides';
                  } else {
                    const d = amountOf(v);
                    const c = amountOf(getValues(`lines.${row}.credit`));
                    if (d && c && d.isZero() && c.isZero()) return 'ledger.zeroLine';
                  }
                  return true;
                },
              });
              return (
                <TableRow key={f.id}>
                  <TableCell sx={{ pt: 2, color: 'text.secondary' }}>{row + 1}</TableCell>
                  <TableCell>
                    <Controller
                      control={control}
                      name={`lines.${row}.accountId`}
                      rules={{ validate: (v) => isBlank() || v !== null || 'finance.journal.accountRequired' }}
                      render={({ field, fieldState }) => {
                        const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
                        return (
                          <AccountPicker
                            accounts={accounts.data ?? []}
                            loading={accounts.isPending}
                            value={field.value}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            inputRef={field.ref}
                            onPicked={() => {
                              const input = gridRef.current?.querySelector<HTMLElement>(`[data-cell="lines.${row}.accountId"]`);
                              if (input) moveOn(input);
                            }}
                            ariaLabel={lineLabel(row, 'account')}
                            activeOnly
                            size="small"
                            error={show}
                            helperText={show ? text(fieldState.error?.message) : undefined}
                            inputProps={cell(`lines.${row}.accountId`)}
                            placeholder={t('finance.journal.accountPlaceholder')}
                          />
                        );
                      }}
                    />
                  </TableCell>
                  {(['debit', 'credit'] as const).map((side) => (
                    <TableCell key={side}>
                      <FormTextField
                        control={control}
                        name={`lines.${row}.${side}`}
                        size="small"
                        rules={amountRules(side)}
                        slotProps={{
                          htmlInput: {
                            ...cell(`lines.${row}.${side}`),
                            'aria-label': lineLabel(row, side),
                            inputMode: 'decimal',
                            autoComplete: 'off',
                            style: { textAlign: 'right' },
                          },
                        }}
                      />
                    </TableCell>
                  ))}
                  <TableCell>
                    <FormTextField
                      control={control}
                      name={`lines.${row}.partyType`}
                      size="small"
                      select
                      rules={{
                        validate: (v: unknown) => (!v && getValues(`lines.${row}.partyId`).trim() !== '' ? 'ledger.partyIncomplete' : true),
                      }}
                      slotProps={{ select: { native: true }, htmlInput: { ...cell(`lines.${row}.partyType`), 'aria-label': lineLabel(row, 'partyType') } }}
                    >
                      <option value="">{t('finance.journal.noParty')}</option>
                      {partyTypeValues.map((p) => (
                        <option key={p} value={p}>
                          {t(`finance.party.${p}`)}
                        </option>
                      ))}
                    </FormTextField>
                  </TableCell>
                  <TableCell>
                    <Controller
                      control={control}
                      name={`lines.${row}.partyId`}
                      rules={{
                        validate: (v: unknown) => {
                          const s = String(v ?? '').trim();
                          if (s === '') return getValues(`lines.${row}.partyType`) ? 'ledger.partyIncomplete' : true;
                          return PARTY_ID_PATTERN.test(s) && Number(s) <= MAX_PARTY_ID ? true : 'finance.journal.badPartyId';
                        },
                      }}
                      render={({ field, fieldState }) => {
                        const show = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
                        return (
                          <LinePartyPicker
                            partyType={lines[row]?.partyType ?? ''}
                            value={field.value}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            inputRef={field.ref}
                            onPicked={() => {
                              const input = gridRef.current?.querySelector<HTMLElement>(`[data-cell="lines.${row}.partyId"]`);
                              if (input) moveOn(input);
                            }}
                            disabled={!lines[row]?.partyType && !lines[row]?.partyId}
                            ariaLabel={lineLabel(row, 'partyId')}
                            inputProps={cell(`lines.${row}.partyId`)}
                            error={show}
                            helperText={show ? text(fieldState.error?.message) : undefined}
                          />
                        );
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <FormTextField
                      control={control}
                      name={`lines.${row}.memo`}
                      size="small"
                      rules={{ maxLength: { value: 500, message: 'v.maxLength|500' } }}
                      slotProps={{
                        htmlInput: { ...cell(`lines.${row}.memo`), 'aria-label': lineLabel(row, 'memo'), maxLength: 500, autoComplete: 'off' },
                      }}
                    />
                  </TableCell>
                  <TableCell sx={{ pt: 1 }}>
                    <Tooltip title={t('finance.journal.removeLine', { n: row + 1 })}>
                      <span>
                        <IconButton
                          size="small"
                          aria-label={t('finance.journal.removeLine', { n: row + 1 })}
                          onClick={() => remove(row)}
                          disabled={fields.length <= 1}
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
          <TableFooter>
            <TableRow sx={{ '& td': { fontSize: '0.95rem', color: 'text.primary', fontWeight: 600, borderBottom: 0 } }}>
              <TableCell />
              <TableCell align="right">{t('finance.journal.totals')}</TableCell>
              <TableCell align="right" aria-label={t('finance.journal.totalDebit')} data-testid="total-debit">
                <MoneyText value={totals.debit} />
              </TableCell>
              <TableCell align="right" aria-label={t('finance.journal.totalCredit')} data-testid="total-credit">
                <MoneyText value={totals.credit} />
              </TableCell>
              <TableCell colSpan={4}>
                <Chip
                  size="small"
                  role="status"
                  aria-live="polite"
                  color={totals.isBalanced ? (totals.isEmpty ? 'default' : 'success') : 'error'}
                  variant={totals.isBalanced ? 'outlined' : 'filled'}
                  label={
                    totals.isBalanced ? (
                      differenceText
                    ) : (
                      <>
                        {t('finance.journal.difference')}: <MoneyText value={totals.difference.abs()} /> ({differenceText})
                      </>
                    )
                  }
                />
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>

      {entryError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {entryError}
        </Alert>
      )}
      {totals.hasInvalidAmount && (
        <Typography variant="body2" sx={{ mt: 1.5, color: 'error.main' }}>
          {t('finance.journal.invalidAmounts')}
        </Typography>
      )}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
        <Button startIcon={<AddIcon />} onClick={() => addLine(true)} disabled={fields.length >= MAX_LINES}>
          {t('finance.journal.addLine')}
        </Button>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('finance.journal.keyboardHint')}
          </Typography>
        </Box>
        <Button
          type="button"
          onClick={() => {
            reset(defaults(getValues('date')));
            setEntryError(null);
          }}
          disabled={post.isPending}
        >
          {t('finance.journal.clear')}
        </Button>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={!totals.canSave || post.isPending}>
          {t('finance.journal.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
