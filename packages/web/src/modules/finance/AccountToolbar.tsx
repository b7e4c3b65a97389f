// The chart of accounts' toolbar: search, type and status filters, expand and collapse the tree,
// refresh, and the CSV export of what is shown.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { useTranslation } from 'react-i18next';
import { type AccountStatus, accountStatusValues, type AccountType, accountTypeValues } from '@ubo/contracts';

export interface AccountToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  type: '' | AccountType;
  onType: (type: '' | AccountType) => void;
  status: '' | AccountStatus;
  onStatus: (status: '' | AccountStatus) => void;
  /** A filtered tree shows every match: expand and collapse are off. */
  isFiltered: boolean;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  onRefresh: () => void;
  onExport: () => void;
  canExport: boolean;
}

export function AccountToolbar({
  search,
  onSearch,
  type,
  onType,
  status,
  onStatus,
  isFiltered,
  onExpandAll,
  onCollapseAll,
  onRefresh,
  onExport,
  canExport,
}: AccountToolbarProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { md: 'center' } }}>
      <TextField
        size="small"
        type="search"
        label={t('finance.accounts.search')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        sx={{ width: { xs: '100%', md: 300 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('finance.accounts.type')}
        value={type}
        onChange={(e) => onType(e.target.value as '' | AccountType)}
        sx={{ width: { xs: '100%', md: 180 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('common.all')}</MenuItem>
        {accountTypeValues.map((v) => (
          <MenuItem key={v} value={v}>
            {t(`finance.type.${v}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('finance.accounts.status')}
        value={status}
        onChange={(e) => onStatus(e.target.value as '' | AccountStatus)}
        sx={{ width: { xs: '100%', md: 180 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('common.all')}</MenuItem>
        {accountStatusValues.map((v) => (
          <MenuItem key={v} value={v}>
            {t(`status.${v}`)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ flexGrow: 1 }} />
      <Stack direction="row" spacing={0.5}>
        <Tooltip title={t('finance.accounts.expandAll')}>
          <span>
            <IconButton aria-label={t('finance.accounts.expandAll')} onClick={onExpandAll} disabled={isFiltered}>
              <UnfoldMoreIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('finance.accounts.collapseAll')}>
          <span>
            <IconButton aria-label={t('finance.accounts.collapseAll')} onClick={onCollapseAll} disabled={isFiltered}>
              <UnfoldLessIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('table.refresh')}>
          <IconButton aria-label={t('table.refresh')} onClick={onRefresh}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('table.exportCsv')}>
          <span>
            <IconButton aria-label={t('table.exportCsv')} onClick={onExport} disabled={!canExport}>
              <FileDownloadIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
