// EN / SO language choice. The choice is stored and the page reloads (spec section 1).
import { useId } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@ubo/contracts';
import { setLang } from '../../lib/storage.ts';

export function LanguageSelect({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <TextField
      id={id}
      select
      size={size}
      label={t('language.label')}
      value={i18n.language === 'so' ? 'so' : 'en'}
      onChange={(e) => setLang(e.target.value as Lang)}
      fullWidth={false}
      sx={{ minWidth: 120 }}
    >
      <MenuItem value="en" lang="en">
        EN · English
      </MenuItem>
      <MenuItem value="so" lang="so">
        SO · Soomaali
      </MenuItem>
    </TextField>
  );
}
