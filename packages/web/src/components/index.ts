// The shared components and data helpers every module uses. Import from here:
//   import { DataTable, FormTextField, useListQuery } from '../../components/index.ts';
export { csvCell } from '../lib/csv.ts';
export { DataTable, toCsv, type DataTableColumn, type DataTableProps, type RowAction } from './DataTable.tsx';
export { FilterDialog, type FilterDialogProps, type FilterField, type FilterSelect, type FilterValues } from './FilterDialog.tsx';
export { ShortMenuDialog, type ShortMenuDialogProps, type ShortMenuItem } from './ShortMenuDialog.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';
export { StatusChip, type StatusChipProps } from './StatusChip.tsx';
export { MoneyText, type MoneyTextProps } from './MoneyText.tsx';
export { DateText, type DateTextProps } from './DateText.tsx';
export { FormTextField, type FormTextFieldProps } from './FormTextField.tsx';
export { PageHeader, type PageHeaderProps } from './PageHeader.tsx';
export {
  useListQuery,
  useDetailQuery,
  useSaveMutation,
  useDeleteMutation,
  useStatusMutation,
  type MutationOptions,
  type SaveVariables,
} from '../lib/queries.ts';
export { resourceKeys } from '../lib/queryKeys.ts';
export { applyServerErrors } from '../lib/forms.ts';
