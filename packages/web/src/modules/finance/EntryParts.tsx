// Small pieces shared by the journal screens and reports: the source of an entry in words (a manual
// journal, a year-end closing, or the posting module's own source name) and the chips that mark an
// entry that was reversed or that reverses another.
import { useCallback } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

const knownSources = ['journal', 'closing', 'transfer', 'cheque', 'bill'];

/** The source type in the user's language; a module's own source type shows as it is. */
export function useSourceLabel(): (sourceType: string) => string {
  const { t } = useTranslation();
  return useCallback((s: string) => (knownSources.includes(s) ? t(`finance.source.${s}`) : s), [t]);
}

export function EntryStateChips({ isReversed, isReversal }: { isReversed: boolean; isReversal: boolean }) {
  const { t } = useTranslation();
  if (!isReversed && !isReversal) return null;
  return (
    <Stack direction="row" spacing={0.5} component="span" sx={{ display: 'inline-flex', verticalAlign: 'middle' }}>
      {isReversed && <Chip size="small" color="warning" variant="outlined" label={t('finance.entry.reversed')} />}
      {isReversal && <Chip size="small" color="info" variant="outlined" label={t('finance.entry.reversal')} />}
    </Stack>
  );
}

/** The flags of an entry as the chips take them. */
export const entryState = (e: { reversesId: number | null; reversedById: number | null }) => ({
  isReversed: e.reversedById !== null,
  isReversal: e.reversesId !== null,
});
