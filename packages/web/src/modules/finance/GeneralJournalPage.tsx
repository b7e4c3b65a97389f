// /finance/general-journal: a tab to post a manual journal entry and a tab with the journal of posted
// entries (?tab=list, so a link or the browser's back button returns to the list).
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { JournalEntryForm } from './JournalEntryForm.tsx';
import { JournalList } from './JournalList.tsx';

type JournalTab = 'new' | 'list';

export default function GeneralJournalPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: JournalTab = params.get('tab') === 'list' ? 'list' : 'new';

  const choose = (next: JournalTab) => {
    const q = new URLSearchParams(next === 'list' ? params : undefined);
    if (next === 'list') q.set('tab', 'list');
    setParams(q, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('finance.journal.title')} subtitle={t('finance.journal.subtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_, v: JournalTab) => choose(v)} aria-label={t('finance.journal.title')}>
          <Tab value="new" label={t('finance.journal.newTab')} id="journal-tab-new" aria-controls="journal-panel-new" />
          <Tab value="list" label={t('finance.journal.listTab')} id="journal-tab-list" aria-controls="journal-panel-list" />
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`journal-panel-${tab}`} aria-labelledby={`journal-tab-${tab}`}>
        {tab === 'new' ? <JournalEntryForm /> : <JournalList />}
      </Box>
    </>
  );
}
