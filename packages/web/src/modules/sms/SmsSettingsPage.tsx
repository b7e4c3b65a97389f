import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { TemplatesTab } from './SmsTemplatesTab.tsx';
import { GatewayTab } from './SmsGatewayTab.tsx';
import { LanguagesTab } from './SmsLanguagesTab.tsx';

type TabName = 'templates' | 'gateway' | 'languages';

export default function SmsSettingsPage() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const [search, setSearch] = useSearchParams();
  const tabs: TabName[] = isAdmin ? ['templates', 'gateway', 'languages'] : ['templates', 'languages'];
  const requested = search.get('tab') as TabName | null;
  const tab: TabName = requested && tabs.includes(requested) ? requested : 'templates';
  return (
    <>
      <PageHeader
        title={t('sms.settings.title')}
        actions={
          <Button component={RouterLink} to="/sms/sms-report" startIcon={<ArrowBackIcon />}>
            {t('sms.settings.back')}
          </Button>
        }
      />
      <Tabs value={tab} onChange={(_, next: TabName) => setSearch({ tab: next }, { replace: true })} sx={{ mb: 2 }}>
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t(`sms.settings.tabs.${name}`)} id={`sms-tab-${name}`} aria-controls={`sms-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`sms-panel-${tab}`} aria-labelledby={`sms-tab-${tab}`}>
        {tab === 'templates' && <TemplatesTab />}
        {tab === 'gateway' && <GatewayTab />}
        {tab === 'languages' && <LanguagesTab />}
      </Box>
    </>
  );
}

// ---- Templates -----------------------------------------------------------------------------------
