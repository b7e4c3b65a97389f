// /hr-settings/setting: the HRM settings (pay period, pay day, working week, rounding of net pay, the
// payroll accounts, which allowance types are taxed) and the income tax rules: effective-dated progressive
// brackets, each rule edited in a dialog with a live example of the tax it takes (progressiveTax, the same
// function the payroll uses).
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { type HrSettings, MONEY_PATTERN, type TaxRule, hrSettingsEndpoints, progressiveTax, roundingValues } from '@ubo/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, toast } from '../../lib/api.ts';
import { HrField } from './HrField.tsx';
import { useHrQuery, useHrWrite } from './hr.queries.ts';
import { formatDate } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';

const accountKeys: readonly (readonly [keyof HrSettings & `${string}AccountId`, readonly string[]])[] = [
  ['salaryExpenseAccountId', ['expense']],
  ['allowanceExpenseAccountId', ['expense']],
  ['taxPayableAccountId', ['liability']],
  ['netPayPayableAccountId', ['liability']],
  ['loansAccountId', ['asset']],
  ['advancesAccountId', ['asset']],
  ['otherDeductionsAccountId', ['liability', 'income']],
  ['roundingAccountId', ['expense']],
];

function SettingsForm({ s }: { s: HrSettings }) {
  const { t } = useTranslation();
  type Form = { accounts: Record<string, string>; payDay: string; workingDays: number[]; rounding: string; taxable: number[] };
  const [f, setF] = useState<Form>(() => ({
    payDay: String(s.payDay),
    workingDays: s.workingDays,
    rounding: s.rounding,
    taxable: s.allowanceTypes.filter((a) => a.isTaxable).map((a) => a.id),
    accounts: Object.fromEntries(accountKeys.map(([k]) => [k, String(s[k])])),
  }));
  const save = useHrWrite(
    () =>
      callEndpoint(hrSettingsEndpoints.update, {
        body: {
          payPeriod: 'monthly',
          payDay: f.payDay,
          workingDays: f.workingDays,
          rounding: f.rounding,
          taxableAllowanceTypeIds: f.taxable,
          ...f.accounts,
        } as never,
      }),
    () => toast(t('hr.settings.saved'), 'success'),
  );
  const toggle = (list: number[], x: number) => (list.includes(x) ? list.filter((y) => y !== x) : [...list, x]);
  return (
    <Paper sx={{ p: 2.5, mb: 2 }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(undefined);
        }}
      >
        <Typography variant="subtitle1" sx={{ mb: 1.5 }}>
          {t('hr.settings.general')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <HrField
              name="payPeriod"
              label={t('hr.settings.payPeriod')}
              value="monthly"
              onChange={() => {}}
              options={[{ value: 'monthly', label: t('hr.settings.monthly') }]}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <HrField
              name="payDay"
              label={t('hr.settings.payDay')}
              value={f.payDay}
              onChange={(x) => setF({ ...f, payDay: x })}
              error={save.errors.payDay}
              maxLength={2}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <HrField
              name="rounding"
              label={t('hr.settings.rounding')}
              value={f.rounding}
              onChange={(x) => setF({ ...f, rounding: x })}
              options={roundingValues.map((r) => ({ value: r, label: r }))}
            />
          </Grid>
          <Grid size={12}>
            <Typography variant="body2" color="text.secondary">
              {t('hr.settings.workingDays')}
            </Typography>
            <FormGroup row>
              {[6, 7, 1, 2, 3, 4, 5].map((d) => (
                <FormControlLabel
                  key={d}
                  control={<Checkbox checked={f.workingDays.includes(d)} onChange={() => setF({ ...f, workingDays: toggle(f.workingDays, d) })} />}
                  label={t(`hr.weekday.${d}`)}
                />
              ))}
            </FormGroup>
            {save.errors.workingDays && <FormHelperText error>{save.errors.workingDays}</FormHelperText>}
          </Grid>
        </Grid>
        <Typography variant="subtitle1" sx={{ mt: 2.5, mb: 1.5 }}>
          {t('hr.settings.accounts')}
        </Typography>
        <Grid container spacing={2}>
          {accountKeys.map(([k, type]) => (
            <Grid key={k} size={{ xs: 12, sm: 6, md: 4 }}>
              <HrField
                name={k}
                label={t(`hr.settings.${k}`)}
                value={f.accounts[k]}
                onChange={(x) => setF({ ...f, accounts: { ...f.accounts, [k]: x } })}
                error={save.errors[k]}
                options={s.accountChoices.filter((a) => type.includes(a.type)).map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` }))}
              />
            </Grid>
          ))}
        </Grid>
        <Typography variant="subtitle1" sx={{ mt: 2.5 }}>
          {t('hr.settings.taxable')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('hr.settings.taxableHelp')}
        </Typography>
        <FormGroup row>
          {s.allowanceTypes
            .filter((a) => a.status === 'Active' || a.isTaxable)
            .map((a) => (
              <FormControlLabel
                key={a.id}
                control={<Checkbox checked={f.taxable.includes(a.id)} onChange={() => setF({ ...f, taxable: toggle(f.taxable, a.id) })} />}
                label={a.name}
              />
            ))}
        </FormGroup>
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

type Bracket = { lowerBound: string; rate: string };

function RuleDialog({ rule, open, onClose }: { rule: TaxRule | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [note, setNote] = useState('');
  const [brackets, setBrackets] = useState<Bracket[]>([]);
  const [example, setExample] = useState('1000.00');
  useEffect(() => {
    if (!open) return;
    setFrom(rule?.effectiveFrom ?? '');
    setNote(rule?.note ?? '');
    setBrackets(rule?.brackets.map((b) => ({ ...b })) ?? [{ lowerBound: '0.00', rate: '0' }]);
  }, [open, rule]);
  const save = useHrWrite(
    () => {
      const body = { effectiveFrom: from, note: note || null, brackets } as never;
      return rule
        ? callEndpoint(hrSettingsEndpoints.updateTaxRule, { params: { id: rule.id }, body })
        : callEndpoint(hrSettingsEndpoints.createTaxRule, { body });
    },
    () => {
      toast(t('hr.settings.ruleSaved'), 'success');
      onClose();
    },
  );
  const valid = brackets.every((b) => MONEY_PATTERN.test(b.lowerBound) && /^\d{1,3}(\.\d{1,2})?$/.test(b.rate)) && MONEY_PATTERN.test(example);
  const set = (i: number, k: keyof Bracket, x: string) => setBrackets(brackets.map((b, j) => (j === i ? { ...b, [k]: x } : b)));
  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t(rule ? 'hr.settings.editRule' : 'hr.settings.addRule')}</DialogTitle>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(undefined);
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <HrField
              name="effectiveFrom"
              type="date"
              label={t('hr.field.effectiveFrom')}
              value={from}
              onChange={setFrom}
              error={save.errors.effectiveFrom}
              required
            />
            <HrField name="note" label={t('hr.settings.note')} value={note} onChange={setNote} error={save.errors.note} maxLength={500} />
            {save.errors.brackets && <Alert severity="error">{save.errors.brackets}</Alert>}
            {brackets.map((b, i) => (
              <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <HrField
                  name={`brackets.${i}.lowerBound`}
                  type="money"
                  label={t('hr.settings.lowerBound')}
                  value={b.lowerBound}
                  onChange={(x) => set(i, 'lowerBound', x)}
                  error={save.errors[`brackets.${i}.lowerBound`]}
                  maxLength={18}
                />
                <HrField
                  name={`brackets.${i}.rate`}
                  label={t('hr.settings.rate')}
                  value={b.rate}
                  onChange={(x) => set(i, 'rate', x)}
                  error={save.errors[`brackets.${i}.rate`]}
                  maxLength={6}
                />
                <IconButton
                  aria-label={t('hr.settings.removeBracket')}
                  onClick={() => setBrackets(brackets.filter((_, j) => j !== i))}
                  disabled={brackets.length === 1}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Stack>
            ))}
            <Button onClick={() => setBrackets([...brackets, { lowerBound: '', rate: '' }])} sx={{ alignSelf: 'flex-start' }}>
              {t('hr.settings.addBracket')}
            </Button>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <HrField name="example" type="money" label={t('hr.settings.tryAmount')} value={example} onChange={setExample} maxLength={18} />
              <Typography sx={{ whiteSpace: 'nowrap' }}>{valid ? t('hr.settings.taxOn', { tax: progressiveTax(brackets, example) }) : ''}</Typography>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function TaxRules() {
  const { t } = useTranslation();
  const lang = useLang();
  const rules = useHrQuery(['tax-rules'], () => callEndpoint(hrSettingsEndpoints.taxRules, {}));
  const [editing, setEditing] = useState<TaxRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TaxRule | null>(null);
  const remove = useHrWrite(
    (id: number) => callEndpoint(hrSettingsEndpoints.removeTaxRule, { params: { id } }),
    () => toast(t('hr.settings.ruleDeleted'), 'success'),
  );
  const list = rules.data?.data ?? [];
  return (
    <Paper sx={{ p: 2.5 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1">{t('hr.settings.taxRules')}</Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {t('hr.settings.addRule')}
        </Button>
      </Stack>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('hr.settings.taxHelp')}
      </Alert>
      {list.length === 0 && <Typography color="text.secondary">{t('hr.settings.noRules')}</Typography>}
      {list.map((r) => (
        <Paper key={r.id} variant="outlined" sx={{ p: 1.5, mb: 1.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="subtitle2">
              {t('hr.settings.ruleTitle', { date: formatDate(r.effectiveFrom, lang) })}
              {r.effectiveTo ? ` – ${formatDate(r.effectiveTo, lang)}` : ''}
              {r.note ? ` · ${r.note}` : ''}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button size="small" onClick={() => setEditing(r)}>
                {t('common.edit')}
              </Button>
              <Button size="small" color="error" onClick={() => setDeleting(r)}>
                {t('hr.settings.deleteRule')}
              </Button>
            </Stack>
          </Stack>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('hr.settings.lowerBound')}</TableCell>
                <TableCell align="right">{t('hr.settings.rate')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {r.brackets.map((b) => (
                <TableRow key={b.lowerBound}>
                  <TableCell>{b.lowerBound}</TableCell>
                  <TableCell align="right">{b.rate}%</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ))}
      <RuleDialog rule={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('hr.settings.deleteRule')}
        message={deleting ? t('hr.settings.deleteRuleText', { date: formatDate(deleting.effectiveFrom, lang) }) : ''}
        confirmLabel={t('common.delete')}
        destructive
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id);
        }}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}

export default function HrSettingsPage() {
  const { t } = useTranslation();
  const settings = useHrQuery(['settings'], () => callEndpoint(hrSettingsEndpoints.get, {}));
  return (
    <>
      <PageHeader title={t('hr.settings.title')} subtitle={t('hr.settings.subtitle')} />
      {settings.data && <SettingsForm key={settings.data.updatedAt} s={settings.data} />}
      <TaxRules />
    </>
  );
}
