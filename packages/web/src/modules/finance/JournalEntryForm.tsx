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
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SaveIcon from '@mui/icons-material/Save';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { JournalEntry } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { useLargeAmountGuard } from './amountLimits.tsx';
import { journalForm } from './finance.forms.ts';
import { JournalLinesTable } from './JournalLines.tsx';
import { emptyLine, entryLink, formFieldOf, type JournalFormValues, journalTotals, toJournalBody } from './finance.logic.ts';
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
    resolver: zodResolver(journalForm),
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
          slotProps={{ inputLabel: { shrink: true }, htmlInput: cell('date') }}
          sx={{ width: { md: 190 } }}
        />
        <FormTextField
          control={control}
          name="reference"
          label={t('finance.journal.reference')}
          slotProps={{ htmlInput: { ...cell('reference'), maxLength: 100 } }}
          sx={{ width: { md: 220 } }}
        />
        <FormTextField
          control={control}
          name="memo"
          label={t('finance.journal.memo')}
          slotProps={{ htmlInput: { ...cell('memo'), maxLength: 1000 } }}
          sx={{ flex: 1 }}
        />
      </Stack>

      <JournalLinesTable
        control={control}
        rows={fields}
        lines={lines}
        accounts={accounts.data ?? []}
        isLoadingAccounts={accounts.isPending}
        isSubmitted={formState.isSubmitted}
        totals={totals}
        onRemove={remove}
        onPicked={(name) => {
          const input = gridRef.current?.querySelector<HTMLElement>(`[data-cell="${name}"]`);
          if (input) moveOn(input);
        }}
      />

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
