// The customer page's complaints tab (a panel the billing module's customer page takes from app/modules.ts,
// so billing never imports this module): the customer's complaints and a button to log a new one.
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../app/session.tsx';
import { ComplaintTable } from './ComplaintTable.tsx';
import { complaintsPrivileges as p } from './complaints.access.ts';

export default function CustomerComplaintsTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  return (
    <ComplaintTable
      params={{ customerId }}
      exportName={`complaints-customer-${customerId}`}
      emptyText={t('complaints.customerEmpty')}
      toolbar={
        can(p.add) && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => navigate(`/complaint/add?customerId=${customerId}`)}
            sx={{ ml: 1, whiteSpace: 'nowrap' }}
          >
            {t('complaints.list.add')}
          </Button>
        )
      }
    />
  );
}
