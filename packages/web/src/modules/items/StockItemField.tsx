// A stock document line's item: an autocomplete over the active stocked goods (code · name) bound to a
// form field holding the item id as text, with what is on hand as its hint. `useStockItems` loads the
// choices once for the whole form.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Item, itemsEndpoints } from '@ubo/contracts';
import { useMessage } from '../../lib/messages.ts';
import { useListQuery } from '../../lib/queries.ts';

export function useStockItems() {
  const items = useListQuery(itemsEndpoints.list, { kind: 'stock', status: 'Active', _limit: 1000, _sort: 'code' });
  return { items: items.data?.data ?? [], isPending: items.isPending };
}

export interface StockItemFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  items: readonly Item[];
  loading: boolean;
}

export function StockItemField<T extends FieldValues>({ control, name, items, loading }: StockItemFieldProps<T>) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = items.find((x) => String(x.id) === field.value) ?? null;
        return (
          <Autocomplete
            options={items}
            value={chosen}
            onChange={(_, v) => field.onChange(v ? String(v.id) : '')}
            onBlur={field.onBlur}
            loading={loading}
            getOptionLabel={(o) => `${o.code} · ${o.name}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={t('items.adjustments.item')}
                required
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error ? message(fieldState.error.message) : chosen ? t('items.adjustments.onHandHint', { quantity: chosen.onHand }) : undefined
                }
              />
            )}
          />
        );
      }}
    />
  );
}
