// Pieces the marketing pages share: the outcome chip and the form's choices (zones, officers).
import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { marketingEndpoints, type ProspectOutcome } from '@ubo/contracts';
import { api } from '../../lib/api.ts';
import { endpointKeys } from '../../lib/queryKeys.ts';

const colours: Record<ProspectOutcome, 'default' | 'success' | 'warning' | 'info'> = {
  Open: 'default',
  Interested: 'info',
  NotInterested: 'warning',
  Converted: 'success',
};

export function OutcomeChip({ outcome }: { outcome: ProspectOutcome }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={colours[outcome]}
      variant={colours[outcome] === 'default' ? 'outlined' : 'filled'}
      label={t(`marketing.outcome.${outcome}`)}
      data-testid="prospect-outcome"
    />
  );
}

export function useProspectChoices(enabled = true) {
  return useQuery({
    queryKey: endpointKeys(marketingEndpoints.choices).detail({}),
    queryFn: ({ signal }) => api.call(marketingEndpoints.choices, {}, { signal }),
    enabled,
  });
}
