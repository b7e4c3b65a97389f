// The leave dialogs: request leave (an employee, a type and two dates; the server counts the working days
// and refuses more paid leave than remains) and a decision that needs a note (reject, cancel).
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { employeesEndpoints, leavesEndpoints } from '@ubo/contracts';
import { callEndpoint, toast } from '../../lib/api.ts';
import { useListQuery } from '../../lib/queries.ts';
import { HrField } from './HrField.tsx';
import { useHrChoices, useHrWrite } from './hr.queries.ts';

export function LeaveRequestDialog({ open, onClose, employeeId }: { open: boolean; onClose: () => void; employeeId?: number }) {
  const { t } = useTranslation();
  const choices = useHrChoices();
  const employees = useListQuery(employeesEndpoints.list, { _limit: 1000, status: 'Active' }, { enabled: open && employeeId === undefined });
  const empty = { employeeId: employeeId ? String(employeeId) : '', leaveTypeId: '', startDate: '', endDate: '', reason: '' };
  const [v, setV] = useState(empty);
  const save = useHrWrite(
    (body: typeof v) => callEndpoint(leavesEndpoints.create, { body: { ...body, reason: body.reason || null } as never }),
    (saved) => {
      toast(t('hr.leave.requested', { days: saved.days }), 'success');
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
  const set = (k: keyof typeof v) => (x: string) => setV({ ...v, [k]: x });
  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('hr.leave.createTitle')}</DialogTitle>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(v);
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {employeeId === undefined && (
              <HrField
                name="employeeId"
                label={t('hr.field.employee')}
                value={v.employeeId}
                onChange={set('employeeId')}
                error={save.errors.employeeId}
                required
                options={(employees.data?.data ?? []).map((e) => ({ value: String(e.id), label: `${e.number} · ${e.name}` }))}
              />
            )}
            <HrField
              name="leaveTypeId"
              label={t('hr.field.leaveType')}
              value={v.leaveTypeId}
              onChange={set('leaveTypeId')}
              error={save.errors.leaveTypeId}
              required
              options={(choices.data?.leaveTypes ?? []).map((l) => ({
                value: String(l.id),
                label: l.isPaid ? l.name : `${l.name} (${t('hr.employee.unpaid')})`,
              }))}
            />
            <HrField
              name="startDate"
              type="date"
              label={t('hr.field.startDate')}
              value={v.startDate}
              onChange={set('startDate')}
              error={save.errors.startDate}
              required
            />
            <HrField
              name="endDate"
              type="date"
              label={t('hr.field.endDate')}
              value={v.endDate}
              onChange={set('endDate')}
              error={save.errors.endDate}
              required
            />
            <HrField
              name="reason"
              label={t('hr.field.reason')}
              value={v.reason}
              onChange={set('reason')}
              error={save.errors.reason}
              multiline
              maxLength={1000}
            />
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

/** Approve at once; reject or cancel through a dialog asking for the note. */
export function useLeaveDecision() {
  const { t } = useTranslation();
  const decide = useHrWrite(
    (input: { id: number; decision: 'Approved' | 'Rejected' | 'Cancelled'; note: string }) =>
      callEndpoint(leavesEndpoints.decide, { params: { id: input.id }, body: { decision: input.decision, note: input.note || null } }),
    (saved) => toast(t('hr.leave.decided', { status: t(`hr.leave.status.${saved.status}`) }), 'success'),
  );
  return decide;
}

export function LeaveNoteDialog(props: {
  target: { id: number; decision: 'Rejected' | 'Cancelled' } | null;
  onClose: () => void;
  decide: ReturnType<typeof useLeaveDecision>;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const { target, decide } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh note each time the dialog opens.
  useEffect(() => {
    setNote('');
    decide.setErrors({});
  }, [target]);
  return (
    <Dialog open={target !== null} onClose={props.onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t(target?.decision === 'Rejected' ? 'hr.leave.rejectTitle' : 'hr.leave.cancelTitle')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ pt: 1 }}>
          <HrField
            name="note"
            label={t('hr.field.reason')}
            value={note}
            onChange={setNote}
            error={decide.errors.note}
            multiline
            maxLength={500}
            required={target?.decision === 'Rejected'}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={decide.isPending}
          onClick={() => target && decide.mutate({ id: target.id, decision: target.decision, note }, { onSuccess: props.onClose })}
        >
          {t(target?.decision === 'Rejected' ? 'hr.leave.reject' : 'hr.leave.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
