// A row of the chart of accounts' tree (code with its expander, name, type, subtype, status, balance
// opening the statement) and its actions (edit, activate or deactivate, delete, each disabled with the
// reason when it may not be done).
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AccountStatus } from '@ubo/contracts';
import { MoneyText } from '../../components/MoneyText.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { thisYear } from '../../lib/reportPeriods.ts';
import { type AccountNode, statementLink } from './finance.logic.ts';

const INDENT_PX = 22;

export interface AccountRowProps {
  node: AccountNode;
  isOpen: boolean;
  /** A filtered tree shows every match: its rows do not fold. */
  isFiltered: boolean;
  onToggle: () => void;
  canOpenStatement: boolean;
  actions: ReactNode;
}

export function AccountRow({ node, isOpen, isFiltered, onToggle, canOpenStatement, actions }: AccountRowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const a = node.account;
  const hasChildren = node.children.length > 0;
  return (
    <TableRow hover sx={{ '& td': { fontWeight: hasChildren ? 600 : undefined } }}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', pl: `${node.depth * INDENT_PX}px` }}>
          {hasChildren ? (
            <IconButton
              size="small"
              onClick={onToggle}
              disabled={isFiltered}
              aria-expanded={isOpen}
              aria-label={t(isOpen ? 'finance.accounts.collapse' : 'finance.accounts.expand', { code: a.code })}
              sx={{ mr: 0.5 }}
            >
              {isOpen ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
          ) : (
            <Box sx={{ width: 34, flexShrink: 0 }} />
          )}
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {a.code}
          </Box>
          {a.isSystem && (
            <Tooltip title={t('finance.accounts.system')}>
              <LockOutlinedIcon role="img" aria-label={t('finance.accounts.system')} sx={{ fontSize: 14, ml: 0.75, color: 'text.secondary' }} />
            </Tooltip>
          )}
        </Box>
      </TableCell>
      <TableCell>
        {a.name}
        {a.description && (
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary', maxWidth: 420 }} noWrap title={a.description}>
            {a.description}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`finance.type.${a.type}`)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`finance.subtype.${a.subtype}`)}</TableCell>
      <TableCell>
        <StatusChip status={a.status} />
      </TableCell>
      <TableCell align="right">
        {canOpenStatement ? (
          <Tooltip title={t('finance.accounts.openStatement', { code: a.code })}>
            <Link
              component="button"
              type="button"
              underline="hover"
              onClick={() => navigate(statementLink(a.id, thisYear()))}
              aria-label={t('finance.accounts.balanceOf', { code: a.code })}
              sx={{ font: 'inherit', color: 'inherit' }}
            >
              <MoneyText value={a.balance} negativeColor />
            </Link>
          </Tooltip>
        ) : (
          <MoneyText value={a.balance} negativeColor />
        )}
        {hasChildren && !node.total.eq(a.balance) && (
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {t('finance.accounts.withSubAccounts')} <MoneyText value={node.total} />
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {actions}
      </TableCell>
    </TableRow>
  );
}

export interface AccountActionsProps {
  node: AccountNode;
  /** The account has sub-accounts (it may not be deleted). */
  hasChildren: boolean;
  canEdit: boolean;
  onEdit: () => void;
  onStatus: (next: AccountStatus) => void;
  onDelete: () => void;
}

export function AccountActions({ node, hasChildren, canEdit, onEdit, onStatus, onDelete }: AccountActionsProps) {
  const { t } = useTranslation();
  const a = node.account;
  const deleteBlocked = a.isSystem
    ? t('finance.accounts.systemNoDelete')
    : a.isUsed
      ? t('finance.accounts.usedNoDelete')
      : hasChildren
        ? t('finance.accounts.parentNoDelete')
        : '';
  const items = [
    {
      key: 'edit',
      label: t('common.edit'),
      icon: <EditOutlinedIcon fontSize="small" />,
      onClick: onEdit,
      disabled: !canEdit,
      color: undefined,
    },
    a.status === 'Active'
      ? {
          key: 'deactivate',
          label: a.isSystem ? t('finance.accounts.systemNoDeactivate') : t('finance.accounts.deactivate'),
          icon: <BlockIcon fontSize="small" />,
          onClick: () => onStatus('Inactive'),
          disabled: !canEdit || a.isSystem,
          color: undefined,
        }
      : {
          key: 'activate',
          label: t('finance.accounts.activate'),
          icon: <CheckCircleOutlineIcon fontSize="small" />,
          onClick: () => onStatus('Active'),
          disabled: !canEdit,
          color: 'success' as const,
        },
    {
      key: 'delete',
      label: deleteBlocked || t('common.delete'),
      icon: <DeleteOutlineIcon fontSize="small" />,
      onClick: onDelete,
      disabled: !canEdit || Boolean(deleteBlocked),
      color: 'error' as const,
    },
  ];
  return items.map((i) => (
    <Tooltip key={i.key} title={i.label}>
      <span>
        <IconButton size="small" color={i.color} aria-label={`${i.label}: ${a.code}`} disabled={i.disabled} onClick={i.onClick}>
          {i.icon}
        </IconButton>
      </span>
    </Tooltip>
  ));
}
