// The lines of a purchase document (vendor bill, cash purchase, order): the shared trade lines editor with
// the items at their purchase price and free lines on an expense account (empty: the vendor's default).
import { useMemo } from 'react';
import type { Control, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PurchaseChoices } from '@ubo/contracts';
import { TradeLinesEditor, type TradeLinesForm } from '../../components/TradeLinesEditor.tsx';

export { emptyTradeLine as emptyLine, type TradeLineValues as LineValues } from '../../components/TradeLinesEditor.tsx';

export function PurchaseLinesEditor({
  control,
  setValue,
  choices,
}: {
  control: Control<TradeLinesForm>;
  setValue: UseFormSetValue<TradeLinesForm>;
  choices: PurchaseChoices | undefined;
}) {
  const { t } = useTranslation();
  const items = useMemo(() => (choices?.items ?? []).map((i) => ({ ...i, price: i.purchasePrice })), [choices]);
  return (
    <TradeLinesEditor
      control={control}
      setValue={setValue}
      items={items}
      accounts={choices?.expenseAccounts ?? []}
      accountLabel={t('purchases.line.account')}
      defaultAccountLabel={t('purchases.line.accountDefault')}
      testId="purchase-totals"
    />
  );
}
