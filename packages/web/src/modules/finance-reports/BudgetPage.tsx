// /reports/budget-registration: a year's budget of the income and expense accounts as an editable grid
// (BudgetGrid) and, on the second tab (?tab=actual), the budget against the actual figures of the year
// or one month (BudgetVsActual). The year (?year), month (?month) and tab live in the URL.
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useReportParams } from '../../lib/useReportParams.ts';
import { BudgetGrid } from './BudgetGrid.tsx';
import { BudgetVsActual } from './BudgetVsActual.tsx';
import { monthFromParams, yearFromParams } from './finance-reports.logic.ts';

type BudgetTab = 'budget' | 'actual';

export default function BudgetPage() {
  const { t } = useTranslation();
  const { params, update } = useReportParams();
  const tab: BudgetTab = params.get('tab') === 'actual' ? 'actual' : 'budget';
  const year = yearFromParams(params);
  const month = monthFromParams(params);

  const tabs = (
    <Tabs value={tab} onChange={(_, v: BudgetTab) => update({ tab: v === 'actual' ? 'actual' : null })} aria-label={t('financeReports.budget.tabs')}>
      <Tab value="budget" label={t('financeReports.budget.tabBudget')} id="budget-tab-budget" aria-controls="budget-panel" />
      <Tab value="actual" label={t('financeReports.budget.tabActual')} id="budget-tab-actual" aria-controls="budget-panel" />
    </Tabs>
  );

  return tab === 'budget' ? (
    <BudgetGrid year={year} tabs={tabs} onYear={(y) => update({ year: String(y) })} />
  ) : (
    <BudgetVsActual year={year} month={month} tabs={tabs} onPeriod={(y, m) => update({ year: String(y), month: m ? String(m) : null })} />
  );
}
