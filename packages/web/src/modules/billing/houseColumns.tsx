// The columns of a house list (the houses list and the customer's Houses tab, which leaves out the
// customer): meter, house, zone, class, tariff in force today, latest reading and status.
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { House } from '@ubo/contracts';
import type { DataTableColumn } from '../../components/DataTable.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { classText, LastReadingText, MeterNumber, TariffText } from './HouseParts.tsx';
import { houseLabel } from './house.logic.ts';

export function useHouseColumns(withCustomer: boolean) {
  const { t } = useTranslation();
  return useMemo<DataTableColumn<House>[]>(
    () => [
      { field: 'meterNumber', header: t('billing.houses.meterNumber'), render: (h) => <MeterNumber value={h.meterNumber} /> },
      { field: 'houseNo', header: t('billing.houses.house'), render: (h) => houseLabel(h), csv: (h) => houseLabel(h) },
      ...(withCustomer
        ? [
            {
              field: 'customerName',
              header: t('billing.houses.customer'),
              render: (h: House) => (
                <>
                  <Box component="span" sx={{ color: 'text.secondary', mr: 1, whiteSpace: 'nowrap' }}>
                    {h.customerNo}
                  </Box>
                  {h.customerName}
                </>
              ),
              csv: (h: House) => `${h.customerNo} ${h.customerName}`,
            },
          ]
        : []),
      { field: 'zoneName', header: t('billing.zone'), sortable: false },
      // On the customer's page the class is the customer's (shown above) unless a house overrides it.
      {
        field: 'effectiveClass',
        header: t('billing.class.label'),
        sortable: false,
        hidden: !withCustomer,
        render: (h) => classText(t, h),
        csv: (h) => classText(t, h),
      },
      { field: 'tariffName', header: t('billing.houses.tariff'), sortable: false, render: (h) => <TariffText house={h} />, csv: (h) => h.tariffName ?? '' },
      {
        field: 'lastReading',
        header: t('billing.houses.lastReading'),
        sortable: false,
        align: 'right',
        render: (h) => <LastReadingText house={h} />,
        csv: (h) => h.lastReading?.currentReading ?? '',
      },
      { field: 'status', header: t('billing.status'), render: (h) => <StatusChip status={h.status} />, csv: (h) => t(`status.${h.status}`) },
      { field: 'address', header: t('billing.houses.address'), sortable: false, hidden: true },
    ],
    [t, withCustomer],
  );
}
