// The row actions every house list offers (open, edit, disconnect or reconnect, replace the meter) and
// the dialogs they open, so the houses list and the customer's Houses tab behave the same.
import { useState } from 'react';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { House } from '@ubo/contracts';
import { useCan } from '../../app/session.tsx';
import type { RowAction } from '../../components/DataTable.tsx';
import { billingPrivileges as p } from './billing.access.ts';
import { HouseFormDialog } from './HouseFormDialog.tsx';
import { HouseStatusDialog } from './HouseStatusDialog.tsx';
import { ReplaceMeterDialog } from './ReplaceMeterDialog.tsx';

export function useHouseActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const canEdit = can(p.houses);
  const [editing, setEditing] = useState<House | null>(null);
  const [isEditOpen, setEditOpen] = useState(false);
  // The house stays set while a dialog closes, so its texts do not blank during the animation.
  const [statusHouse, setStatusHouse] = useState<House | null>(null);
  const [isStatusOpen, setStatusOpen] = useState(false);
  const [replaceHouse, setReplaceHouse] = useState<House | null>(null);
  const [isReplaceOpen, setReplaceOpen] = useState(false);

  const openEdit = (h: House) => {
    setEditing(h);
    setEditOpen(true);
  };
  const openStatus = (h: House) => {
    setStatusHouse(h);
    setStatusOpen(true);
  };
  const openReplace = (h: House) => {
    setReplaceHouse(h);
    setReplaceOpen(true);
  };

  const actions: RowAction<House>[] = [
    { label: t('billing.houses.open'), icon: <OpenInNewIcon fontSize="small" />, onClick: (h) => navigate(`/customers/houses/${h.id}`) },
    { label: t('common.edit'), icon: <EditOutlinedIcon fontSize="small" />, hidden: () => !canEdit, onClick: openEdit },
    {
      label: t('billing.houses.disconnect'),
      icon: <LinkOffIcon fontSize="small" />,
      color: 'error',
      hidden: (h) => !canEdit || h.status !== 'Connected',
      onClick: openStatus,
    },
    {
      label: t('billing.houses.reconnect'),
      icon: <LinkIcon fontSize="small" />,
      color: 'success',
      hidden: (h) => !canEdit || h.status === 'Connected',
      onClick: openStatus,
    },
    {
      label: t('billing.houses.replace'),
      icon: <SwapHorizIcon fontSize="small" />,
      hidden: () => !canEdit,
      onClick: openReplace,
    },
  ];

  const dialogs = (
    <>
      <HouseFormDialog house={editing} open={isEditOpen} onClose={() => setEditOpen(false)} />
      <HouseStatusDialog house={statusHouse} open={isStatusOpen} onClose={() => setStatusOpen(false)} />
      <ReplaceMeterDialog house={replaceHouse} open={isReplaceOpen} onClose={() => setReplaceOpen(false)} />
    </>
  );
  return { actions, dialogs, canEdit, openEdit, openStatus, openReplace };
}
