// /books/add: issue a receipt book: series, first and last number, the collector, the issue date and a
// note. Checked with the contracts' receiptBookBody; the server's refusals (an overlapping range, a user
// who cannot collect) land on their fields. Saving opens the new book's page.
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import SaveIcon from '@mui/icons-material/Save';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ReceiptBookBody, type ReceiptBookInput, receiptBookBody, receiptBooksEndpoints } from '@ubo/contracts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { toast } from '../../lib/api.ts';
import { todayIso } from '../../lib/format.ts';
import { useEndpointMutation } from '../../lib/queries.ts';
import { useCollectors } from './receipt-books.queries.ts';

type FormValues = Omit<ReceiptBookBody, 'firstNumber' | 'lastNumber' | 'collectorId'> & { firstNumber: string; lastNumber: string; collectorId: number | '' };

export default function BookAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const collectors = useCollectors();
  const { control, handleSubmit, setError } = useForm<FormValues>({
    mode: 'onTouched',
    resolver: zodResolver(receiptBookBody) as never,
    defaultValues: { series: '', firstNumber: '', lastNumber: '', collectorId: '', issueDate: todayIso(), notes: '' },
  });
  const issue = useEndpointMutation(receiptBooksEndpoints.create, { setError: setError as never, successMessage: false });
  // The resolver hands over the schema's output (numbers, the series upper-cased).
  const submit = handleSubmit(async (values) => {
    const body = values as unknown as ReceiptBookInput;
    const book = await issue.mutateAsync({ body }).catch(() => null);
    if (!book) return;
    toast(t('books.add.saved', { series: book.series, first: book.firstNumber, last: book.lastNumber }), 'success');
    navigate(`/books/${book.id}`);
  });

  return (
    <>
      <PageHeader title={t('books.add.title')} subtitle={t('books.add.subtitle')} />
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 }, maxWidth: 760 }} aria-label={t('books.add.title')}>
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="series"
              label={t('books.field.series')}
              required
              autoFocus
              helperText={t('books.add.seriesHelp')}
              slotProps={{ htmlInput: { maxLength: 20, autoComplete: 'off' } }}
              sx={{ flex: 1 }}
            />
            <FormTextField
              control={control}
              name="firstNumber"
              label={t('books.field.firstNumber')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
              sx={{ width: { md: 170 } }}
            />
            <FormTextField
              control={control}
              name="lastNumber"
              label={t('books.field.lastNumber')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
              sx={{ width: { md: 170 } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="collectorId"
              label={t('books.field.collector')}
              select
              required
              transform={(v) => (v === '' ? '' : Number(v))}
              sx={{ flex: 1 }}
            >
              {(collectors.data?.data ?? []).map((u) => (
                <MenuItem key={u.id} value={u.id}>
                  {u.fullname} ({u.username})
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="issueDate"
              label={t('books.field.issueDate')}
              type="date"
              required
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: { md: 200 } }}
            />
          </Stack>
          <FormTextField control={control} name="notes" label={t('books.field.notes')} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 500 } }} />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" size="large" startIcon={<SaveIcon />} disabled={issue.isPending}>
              {t('books.add.save')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
