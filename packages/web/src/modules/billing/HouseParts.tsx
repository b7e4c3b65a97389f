// Small pieces the house screens share: the class a house is billed as, its tariff today, and its
// latest reading ("1,234.5 · 2026-03") or the installation reading before the first one.
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { House } from '@ubo/contracts';
import { formatDate } from '../../lib/format.ts';
import { useLang } from '../../lib/messages.ts';

export function LastReadingText({ house }: { house: House }) {
  const { t } = useTranslation();
  const lang = useLang();
  const r = house.lastReading;
  if (!r) {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t('billing.houses.noReadingYet', { value: house.installationReading })}
      </Box>
    );
  }
  return (
    <Tooltip title={t('billing.houses.readOn', { date: formatDate(r.readingDate, lang), consumption: r.consumption })}>
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {r.currentReading}{' '}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          · {r.period}
        </Box>
      </Box>
    </Tooltip>
  );
}

export function TariffText({ house }: { house: House }) {
  const { t } = useTranslation();
  if (house.tariffName) return <>{house.tariffName}</>;
  return (
    <Box component="span" sx={{ color: 'warning.main' }}>
      {t('billing.houses.noTariff')}
    </Box>
  );
}

/** "residential" or "commercial (override)". */
export function classText(t: (key: string) => string, house: House): string {
  const name = t(`billing.class.${house.effectiveClass}`);
  return house.tariffClass ? `${name} ${t('billing.houses.overrideMark')}` : name;
}

export const MeterNumber = ({ value }: { value: string }) => (
  <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
    {value}
  </Box>
);
