// /hr-settings/payroll-adjustment: one-off bonuses and deductions per employee and period, from the bonus
// and deduction type lists; entered one by one or as a grid for a department (one type, an amount per
// employee). A bonus needs the bonus privilege, a deduction the deduction one; the server checks both.
import { useEffect, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import GridOnIcon from '@mui/icons-material/GridOn';
import { useTranslation } from 'react-i18next';
import { type AdjustmentKind, type AdjustmentRow, adjustmentsEndpoints } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, toast } from '../../lib/api.ts';
import { HrField } from './HrField.tsx';
import { hrPrivileges as p } from './hr.access.ts';
import { useHrWrite } from './hr.queries.ts';
import { usePayrollChoices } from './payroll.queries.ts';
import { formatMonth } from '../../lib/format.ts';
import { useLang } from '../../lib/lang.ts';

export const thisMonth = () => new Date().toISOString().slice(0, 7);

function useKinds() {
  const { t } = useTranslation();
  const can = useCan();
  return (['bonus', 'deduction'] as const).filter((k) => can(k)).map((k) => ({ value: k, label: t(`hr.payroll.kinds.${k}`) }));
}

function AdjustmentDialog({ open, onClose, period }: { open: boolean; onClose: () => void; period: string }) {
  const { t } = useTranslation();
  const choices = usePayrollChoices();
  const kinds = useKinds();
  const empty = { employeeId: '', period, kind: kinds[0]?.value ?? 'bonus', typeId: '', amount: '', note: '' };
  const [v, setV] = useState(empty);
  const save = useHrWrite(
    (b: typeof v) => callEndpoint(adjustmentsEndpoints.create, { body: { ...b, note: b.note || null } as never }),
    () => {
      toast(t('hr.payroll.adjustmentSaved'), 'success');
      onClose();
    },
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens.
  useEffect(() => {
    if (open) {
      setV(empty);
      save.setErrors({});
    }
  }, [open]);
  const set = (k: keyof typeof v) => (x: string) => setV({ ...v, [k]: x, ...(k === 'kind' ? { typeId: '' } : {}) });
  const types = v.kind === 'bonus' ? choices.data?.bonusTypes : choices.data?.deductionTypes;
  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('hr.payroll.addAdjustment')}</DialogTitle>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(v);
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <HrField
              name="employeeId"
              label={t('hr.payroll.employee')}
              value={v.employeeId}
              onChange={set('employeeId')}
              error={save.errors.employeeId}
              required
              options={(choices.data?.employees ?? []).map((e) => ({ value: String(e.id), label: `${e.number} · ${e.name}` }))}
            />
            <HrField name="period" label={t('hr.payroll.period')} value={v.period} onChange={set('period')} error={save.errors.period} required />
            <HrField name="kind" label={t('hr.payroll.kind')} value={v.kind} onChange={set('kind')} error={save.errors.kind} required options={kinds} />
            <HrField
              name="typeId"
              label={t('hr.payroll.type')}
              value={v.typeId}
              onChange={set('typeId')}
              error={save.errors.typeId}
              required
              options={(types ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
            />
            <HrField name="amount" type="money" label={t('hr.payroll.amount')} value={v.amount} onChange={set('amount')} error={save.errors.amount} required />
            <HrField name="note" label={t('hr.payroll.note')} value={v.note} onChange={set('note')} error={save.errors.note} maxLength={500} />
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

function GridDialog({ open, onClose, period }: { open: boolean; onClose: () => void; period: string }) {
  const { t } = useTranslation();
  const choices = usePayrollChoices();
  const kinds = useKinds();
  const [head, setHead] = useState({ departmentId: '', period, kind: (kinds[0]?.value ?? 'bonus') as AdjustmentKind, typeId: '' });
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const people = useMemo(() => (choices.data?.employees ?? []).filter((e) => String(e.departmentId) === head.departmentId), [choices.data, head.departmentId]);
  const save = useHrWrite(
    () =>
      callEndpoint(adjustmentsEndpoints.batch, {
        body: {
          period: head.period,
          kind: head.kind,
          typeId: head.typeId as never,
          rows: people.filter((e) => (amounts[e.id] ?? '').trim() !== '').map((e) => ({ employeeId: e.id, amount: amounts[e.id].trim(), note: null })),
        },
      }),
    (r) => {
      toast(t('hr.payroll.gridSaved', { count: r.created }), 'success');
      onClose();
    },
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh grid each time the dialog opens.
  useEffect(() => {
    if (open) {
      setHead({ departmentId: '', period, kind: (kinds[0]?.value ?? 'bonus') as AdjustmentKind, typeId: '' });
      setAmounts({});
      save.setErrors({});
    }
  }, [open]);
  const types = head.kind === 'bonus' ? choices.data?.bonusTypes : choices.data?.deductionTypes;
  const rowError = (i: number) => save.errors[`rows.${i}.amount`] ?? save.errors[`rows.${i}.employeeId`];
  const entered = people.filter((e) => (amounts[e.id] ?? '').trim() !== '');
  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('hr.payroll.gridTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <HrField
              name="departmentId"
              label={t('hr.payroll.department')}
              value={head.departmentId}
              onChange={(x) => setHead({ ...head, departmentId: x })}
              options={(choices.data?.departments ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            />
            <HrField
              name="period"
              label={t('hr.payroll.period')}
              value={head.period}
              onChange={(x) => setHead({ ...head, period: x })}
              error={save.errors.period}
            />
            <HrField
              name="kind"
              label={t('hr.payroll.kind')}
              value={head.kind}
              onChange={(x) => setHead({ ...head, kind: x as AdjustmentKind, typeId: '' })}
              options={kinds}
            />
            <HrField
              name="typeId"
              label={t('hr.payroll.type')}
              value={head.typeId}
              onChange={(x) => setHead({ ...head, typeId: x })}
              error={save.errors.typeId}
              options={(types ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
            />
          </Stack>
          {save.errors.rows && <TextField error helperText={save.errors.rows} value="" disabled size="small" />}
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('hr.field.number')}</TableCell>
                <TableCell>{t('hr.payroll.employee')}</TableCell>
                <TableCell align="right">{t('hr.payroll.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {people.map((e) => {
                const i = entered.indexOf(e);
                return (
                  <TableRow key={e.id}>
                    <TableCell>{e.number}</TableCell>
                    <TableCell>{e.name}</TableCell>
                    <TableCell align="right">
                      <TextField
                        size="small"
                        name={`amount-${e.number}`}
                        value={amounts[e.id] ?? ''}
                        onChange={(x) => setAmounts({ ...amounts, [e.id]: x.target.value })}
                        error={i >= 0 && Boolean(rowError(i))}
                        helperText={i >= 0 ? rowError(i) : undefined}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${t('hr.payroll.amount')} ${e.name}` } }}
                        sx={{ width: 140 }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate(undefined as never)}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function AdjustmentsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const [period, setPeriod] = useState(thisMonth());
  const [adding, setAdding] = useState(false);
  const [grid, setGrid] = useState(false);
  const cancel = useHrWrite((id: number) => callEndpoint(adjustmentsEndpoints.cancel, { params: { id } }));
  const mayEnter = can(p.bonus) || can(p.deduction);
  const columns: DataTableColumn<AdjustmentRow>[] = [
    { field: 'employeeNumber', header: t('hr.field.number'), sortable: false },
    { field: 'employeeName', header: t('hr.payroll.employee'), sortable: false },
    { field: 'department', header: t('hr.payroll.department'), sortable: false },
    { field: 'period', header: t('hr.payroll.period'), sortable: false, render: (r) => formatMonth(r.period, lang), csv: (r) => r.period },
    { field: 'kind', header: t('hr.payroll.kind'), sortable: false, render: (r) => t(`hr.payroll.kinds.${r.kind}`) },
    { field: 'type', header: t('hr.payroll.type'), sortable: false },
    { field: 'amount', header: t('hr.payroll.amount'), sortable: false, align: 'right' },
    { field: 'note', header: t('hr.payroll.note'), sortable: false },
    { field: 'runNumber', header: t('hr.payroll.run'), sortable: false, render: (r) => r.runNumber ?? '' },
  ];
  return (
    <>
      <PageHeader
        title={t('hr.payroll.adjustTitle')}
        subtitle={t('hr.payroll.adjustSubtitle')}
        actions={
          mayEnter && (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" startIcon={<GridOnIcon />} onClick={() => setGrid(true)}>
                {t('hr.payroll.grid')}
              </Button>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                {t('hr.payroll.addAdjustment')}
              </Button>
            </Stack>
          )
        }
      />
      <DataTable
        endpoint={adjustmentsEndpoints.list}
        columns={columns}
        params={{ period: /^\d{4}-\d{2}$/.test(period) ? period : undefined }}
        searchable={false}
        exportName="payroll-adjustments"
        emptyText={t('hr.payroll.noAdjustments')}
        toolbar={
          <TextField
            size="small"
            label={t('hr.payroll.period')}
            value={period}
            onChange={(e) => setPeriod(e.target.value)}
            sx={{ width: 140, ml: 1 }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        }
        actions={[
          {
            label: t('hr.payroll.cancelAdjustment'),
            icon: <BlockIcon fontSize="small" />,
            hidden: (r) => r.runNumber !== null || !can(r.kind),
            onClick: (r) => cancel.mutate(r.id),
          },
        ]}
      />
      <AdjustmentDialog open={adding} onClose={() => setAdding(false)} period={period} />
      <GridDialog open={grid} onClose={() => setGrid(false)} period={period} />
    </>
  );
}
