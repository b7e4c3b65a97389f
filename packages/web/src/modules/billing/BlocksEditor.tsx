// The consumption blocks of a tariff: one row per block with its upper limit and rate. A block starts
// where the previous one ends (shown, not typed), covers the units above its start up to and including
// its limit, and the last block may be left without a limit. Rows are added and removed with buttons
// (at least one stays); every input and button is labelled with its block number.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { type Control, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useMessage } from '../../lib/messages.ts';
import { blockStarts, emptyBlock, MAX_BLOCKS, type TariffFormValues } from './tariff.logic.ts';

export function BlocksEditor({ control }: { control: Control<TariffFormValues> }) {
  const { t } = useTranslation();
  const text = useMessage();
  const { fields, append, remove } = useFieldArray({ control, name: 'blocks' });
  const rows = useWatch({ control, name: 'blocks' }) ?? [];
  const { errors, isSubmitted } = useFormState({ control, name: 'blocks' });
  const starts = blockStarts(rows);
  const rootError = errors.blocks?.root?.message ?? errors.blocks?.message;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('billing.tariffs.blocks')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('billing.tariffs.blocksHelp')}
      </Typography>
      <Stack spacing={1.5}>
        {fields.map((field, i) => {
          const n = i + 1;
          const isLast = i === fields.length - 1;
          const to = rows[i]?.to?.trim() ?? '';
          const from = starts[i] || '?';
          const range = isLast && to === '' ? t('billing.tariffs.rangeOpen', { from }) : t('billing.tariffs.range', { from, to: to || '?' });
          return (
            <Stack
              key={field.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { sm: 'flex-start' } }}
              data-testid={`block-row-${n}`}
            >
              <Box sx={{ width: { sm: 150 }, flexShrink: 0, pt: { sm: 1 } }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('billing.tariffs.blockN', { n })}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }} data-testid={`block-range-${n}`}>
                  {range}
                </Typography>
              </Box>
              <FormTextField
                control={control}
                name={`blocks.${i}.to`}
                label={t('billing.tariffs.blockTo', { n })}
                size="small"
                required={!isLast}
                placeholder={isLast ? t('billing.tariffs.noLimit') : undefined}
                helperText={isLast ? t('billing.tariffs.lastOpenHelp') : undefined}
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' }, inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              />
              <FormTextField
                control={control}
                name={`blocks.${i}.rate`}
                label={t('billing.tariffs.blockRate', { n })}
                size="small"
                required
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
                sx={{ flex: 1 }}
              />
              <Tooltip title={t('billing.tariffs.removeBlock', { n })}>
                <span>
                  <IconButton
                    aria-label={t('billing.tariffs.removeBlock', { n })}
                    onClick={() => remove(i)}
                    disabled={fields.length === 1}
                    sx={{ mt: { sm: 0.5 } }}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          );
        })}
      </Stack>
      {rootError && isSubmitted && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main', mt: 1 }}>
          {text(rootError)}
        </Typography>
      )}
      <Button startIcon={<AddIcon />} onClick={() => append(emptyBlock())} disabled={fields.length >= MAX_BLOCKS} sx={{ mt: 1.5 }}>
        {t('billing.tariffs.addBlock')}
      </Button>
    </Box>
  );
}
