// The lines of a quotation, invoice or cash sale: the shared trade lines editor with the items at their sale
// price (stocked goods show what is on hand at the branch) and free lines on an income account.
import { useMemo } from 'react';
import type { Control, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SalesChoices } from '@ubo/contracts';
import { TradeLinesEditor, type TradeLinesForm } from '../../components/TradeLinesEditor.tsx';

export { emptyTradeLine as emptyLine, type TradeLineValues as LineValues } from '../../components/TradeLinesEditor.tsx';

export function SalesLinesEditor({
  control,
  setValue,
  choices,
}: {
  control: Control<TradeLinesForm>;
  setValue: UseFormSetValue<TradeLinesForm>;
  choices: SalesChoices | undefined;
}) {
  const { t } = useTranslation();
  const items = useMemo(() => (choices?.items ?? []).map((i) => ({ ...i, price: i.salePrice })), [choices]);
  return (
    <TradeLinesEditor
      control={control}
      setValue={setValue}
      items={items}
      accounts={choices?.incomeAccounts ?? []}
      accountLabel={t('sales.line.account')}
      testId="sales-totals"
    />
  );
}
