// The item form's link to its category's accounts: choosing a category fills in the income, expense and
// inventory accounts the category names (item_category_accounts), and says so; a button makes the
// accounts now on the form the category's, for the items made in it afterwards.
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { type Control, type UseFormSetValue, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ItemChoices, itemsEndpoints } from '@ubo/contracts';
import { toast } from '../../lib/api.ts';
import { useEndpointMutation } from '../../lib/queries.ts';

interface AccountValues {
  categoryId: string;
  incomeAccountId: string;
  expenseAccountId: string;
  inventoryAccountId: string;
  kind: string;
}

export function CategoryAccounts<T extends AccountValues>({
  control,
  setValue,
  choices,
  open,
}: {
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  choices: ItemChoices | undefined;
  open: boolean;
}) {
  const { t } = useTranslation();
  const c = control as unknown as Control<AccountValues>;
  const set = setValue as unknown as UseFormSetValue<AccountValues>;
  const [categoryId, income, expense, inventory, kind] = useWatch({
    control: c,
    name: ['categoryId', 'incomeAccountId', 'expenseAccountId', 'inventoryAccountId', 'kind'],
  });
  const previous = useRef<string | null>(null);
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const category = choices?.categories.find((x) => String(x.id) === categoryId) ?? null;

  // A dialog opening (or the item loading) is not a choice: only a change of category afterwards fills.
  useEffect(() => {
    if (!open) {
      previous.current = null;
      setFilledFrom(null);
    }
  }, [open]);
  useEffect(() => {
    if (!open || !choices) return;
    if (previous.current === null) {
      previous.current = categoryId;
      return;
    }
    if (previous.current === categoryId) return;
    previous.current = categoryId;
    const chosen = choices.categories.find((x) => String(x.id) === categoryId);
    if (!chosen) return;
    const fill = (name: 'incomeAccountId' | 'expenseAccountId' | 'inventoryAccountId', id: number | null) => {
      if (id !== null) set(name, String(id), { shouldValidate: true, shouldDirty: true });
    };
    fill('incomeAccountId', chosen.incomeAccountId);
    fill('expenseAccountId', chosen.expenseAccountId);
    fill('inventoryAccountId', chosen.inventoryAccountId);
    setFilledFrom(chosen.incomeAccountId || chosen.expenseAccountId || chosen.inventoryAccountId ? chosen.name : null);
  }, [open, choices, categoryId, set]);

  const save = useEndpointMutation(itemsEndpoints.categoryAccounts, {
    invalidate: [itemsEndpoints.choices],
    successMessage: false,
    onSuccess: () => toast(t('items.form.categoryAccountsSaved', { name: category?.name ?? '' }), 'success'),
  });
  if (!category) return null;
  const same =
    String(category.incomeAccountId ?? '') === income &&
    String(category.expenseAccountId ?? '') === expense &&
    (kind !== 'stock' || String(category.inventoryAccountId ?? '') === inventory);
  const hasAny = income !== '' || expense !== '' || (kind === 'stock' && inventory !== '');
  return (
    <Alert
      severity="info"
      sx={{ alignItems: 'center' }}
      action={
        !same && hasAny ? (
          <Button
            size="small"
            disabled={save.isPending}
            onClick={() =>
              save.mutate({
                params: { id: category.id },
                body: {
                  incomeAccountId: income || null,
                  expenseAccountId: expense || null,
                  inventoryAccountId: kind === 'stock' ? inventory || null : category.inventoryAccountId,
                },
              })
            }
          >
            {t('items.form.saveCategoryAccounts', { name: category.name })}
          </Button>
        ) : undefined
      }
    >
      {filledFrom ? t('items.form.categoryAccounts', { name: filledFrom }) : category.name}
    </Alert>
  );
}
