// /email/settings: the mail server (SMTP, administrators only, with the test e-mail) and the templates.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SmtpTab } from './EmailSmtpTab.tsx';
import { TemplatesTab } from './EmailTemplatesTab.tsx';

type TabName = 'smtp' | 'templates';

export default function EmailSettingsPage() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const [search, setSearch] = useSearchParams();
  const tabs: TabName[] = isAdmin ? ['smtp', 'templates'] : ['templates'];
  const requested = search.get('tab') as TabName | null;
  const tab: TabName = requested && tabs.includes(requested) ? requested : tabs[0];
  return (
    <>
      <PageHeader
        title={t('email.settings.title')}
        actions={
          <Button component={RouterLink} to="/email/email-report" startIcon={<ArrowBackIcon />}>
            {t('email.settings.back')}
          </Button>
        }
      />
      <Tabs value={tab} onChange={(_, next: TabName) => setSearch({ tab: next }, { replace: true })} sx={{ mb: 2 }}>
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t(`email.settings.tabs.${name}`)} id={`email-tab-${name}`} aria-controls={`email-panel-${name}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`email-panel-${tab}`} aria-labelledby={`email-tab-${tab}`}>
        {tab === 'smtp' && <SmtpTab />}
        {tab === 'templates' && <TemplatesTab />}
      </Box>
    </>
  );
}
