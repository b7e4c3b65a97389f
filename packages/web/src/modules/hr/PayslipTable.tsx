// The figures of a payroll, one row per employee with the totals: the preview, a run's page, the payroll report.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { PayrollPreview, PayslipRow } from '@ubo/contracts';
import type { ReactNode } from 'react';

const allFigures = ['basic', 'allowances', 'bonuses', 'gross', 'tax', 'deductions', 'loanRecovery', 'advanceRecovery', 'rounding', 'net'] as const;
const heads: Record<(typeof allFigures)[number], string> = {
  basic: 'basic',
  allowances: 'allowances',
  bonuses: 'bonuses',
  gross: 'gross',
  tax: 'tax',
  deductions: 'deductions',
  loanRecovery: 'loan',
  advanceRecovery: 'advance',
  rounding: 'rounding',
  net: 'net',
};

export function PayslipTable({ rows, totals, action }: { rows: PayslipRow[]; totals: PayrollPreview['totals']; action?: (row: PayslipRow) => ReactNode }) {
  const { t } = useTranslation();
  // Rounding shows when the settings round net pay and some payslip was rounded (net = gross - tax - deductions - recoveries + rounding).
  const figures = allFigures.filter((f) => f !== 'rounding' || rows.some((r) => r.rounding !== '0.00'));
  return (
    <TableContainer sx={{ maxHeight: 480 }}>
      <Table size="small" stickyHeader aria-label={t('hr.payroll.runsTitle')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('hr.field.number')}</TableCell>
            <TableCell>{t('hr.payroll.employee')}</TableCell>
            <TableCell>{t('hr.payroll.department')}</TableCell>
            <TableCell align="right">{t('hr.payroll.days')}</TableCell>
            {figures.map((f) => (
              <TableCell key={f} align="right">
                {t(`hr.payroll.${heads[f]}`)}
              </TableCell>
            ))}
            {action && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.employeeId} data-employee={r.employeeNumber}>
              <TableCell>{r.employeeNumber}</TableCell>
              <TableCell>{r.employeeName}</TableCell>
              <TableCell>{r.department}</TableCell>
              <TableCell align="right">
                {r.daysPaid}/{r.daysInPeriod}
              </TableCell>
              {figures.map((f) => (
                <TableCell key={f} align="right">
                  {r[f]}
                </TableCell>
              ))}
              {action && <TableCell>{action(r)}</TableCell>}
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={4} sx={{ fontWeight: 700 }}>
              {t('hr.payroll.totals')} ({totals.employees})
            </TableCell>
            {figures.map((f) => (
              <TableCell key={f} align="right" sx={{ fontWeight: 700 }} data-total={f}>
                {totals[f]}
              </TableCell>
            ))}
            {action && <TableCell />}
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
