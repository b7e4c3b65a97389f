// /email/send-email: an e-mail (emailEndpoints.send) to chosen customers, to the active customers of a
// zone, or to typed addresses, with the subject and text of the organisation's message template in the
// chosen language and {placeholders} filled per customer. The form is checked with the contracts'
// sendEmailBody first; the server's field errors land on the field they concern. The answer says how many
// e-mails were queued and who was skipped and why, with a link to the e-mail report.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type EmailLanguage, type EmailQueued, type EmailRecipient, type SendEmailBody, emailLanguageValues, sendEmailBody } from '@ubo/contracts';
import { CustomerPicker, type CustomerSearch } from '../../components/CustomerPicker.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, toast } from '../../lib/api.ts';
import { useMessage } from '../../lib/messages.ts';
import { emailPlaceholderList, splitAddresses } from './email.logic.ts';
import { useEmailRecipients, useSendEmail, useSendEmailOptions } from './email.queries.ts';

type Target = 'customers' | 'zone' | 'addresses';
type Field = 'target' | 'subject' | 'message';

const newKey = () => crypto.randomUUID();

function useRecipientSearch(q: string): CustomerSearch<EmailRecipient> {
  const found = useEmailRecipients(q);
  return { options: found.data ?? [], isFetching: found.isFetching };
}

export default function SendEmailPage() {
  const { t } = useTranslation();
  const text = useMessage();
  const options = useSendEmailOptions();
  const send = useSendEmail();
  const [target, setTarget] = useState<Target>('customers');
  const [customers, setCustomers] = useState<EmailRecipient[]>([]);
  const [zoneId, setZoneId] = useState<number | ''>('');
  const [addresses, setAddresses] = useState('');
  const [language, setLanguage] = useState<EmailLanguage | ''>('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<EmailQueued | null>(null);
  const [key, setKey] = useState(newKey);

  // The organisation's default language and its message template, once known.
  useEffect(() => {
    if (!options.data || language !== '') return;
    const lang = options.data.defaultLanguage;
    setLanguage(lang);
    setSubject(options.data.templates[lang].subject);
    setMessage(options.data.templates[lang].body);
  }, [options.data, language]);

  const chooseLanguage = (next: EmailLanguage) => {
    const templates = options.data?.templates;
    if (templates && language && subject === templates[language].subject && message === templates[language].body) {
      setSubject(templates[next].subject);
      setMessage(templates[next].body);
    }
    setLanguage(next);
  };

  const bodyOf = (): SendEmailBody => ({
    target:
      target === 'customers'
        ? { type: 'customers', customerIds: customers.map((c) => c.id) }
        : target === 'zone'
          ? { type: 'zone', zoneId: zoneId === '' ? (undefined as unknown as number) : zoneId }
          : { type: 'addresses', addresses: splitAddresses(addresses) },
    subject,
    message,
    language: language || undefined,
  });

  const fieldOf = (path: readonly PropertyKey[]): Field => (path[0] === 'subject' ? 'subject' : path[0] === 'message' ? 'message' : 'target');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    setResult(null);
    const body = bodyOf();
    if (target === 'customers' && customers.length === 0) return setErrors({ target: t('email.send.required') });
    const parsed = sendEmailBody.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path);
        const entry =
          field === 'target' && issue.path[1] === 'addresses' && typeof issue.path[2] === 'number' ? `${splitAddresses(addresses)[issue.path[2]]}: ` : '';
        next[field] ??= `${entry}${text(issue.message)}`;
      }
      return setErrors(next);
    }
    setErrors({});
    try {
      const queued = await send.mutateAsync({ body, key });
      setResult(queued);
      setKey(newKey());
      toast(t('email.send.queued', { count: queued.queued }), 'success');
    } catch (err) {
      if (!(err instanceof ApiError) || err.code === 'SLOW_DOWN') return;
      if (err.details.length === 0) return setFormError(err.message);
      const next: Partial<Record<Field, string>> = {};
      for (const d of err.details) {
        const path = d.field.split('.');
        const field = fieldOf(path);
        const entry = field === 'target' && path[1] === 'addresses' ? `${splitAddresses(addresses)[Number(path[2])] ?? ''}: ` : '';
        next[field] ??= `${entry}${d.message}`;
      }
      setErrors(next);
    }
  };

  const notConfigured = options.data && !options.data.configured;
  return (
    <>
      <PageHeader
        title={t('email.send.title')}
        subtitle={t('email.send.subtitle')}
        actions={
          <Button component={RouterLink} to="/email/email-report">
            {t('email.openReport')}
          </Button>
        }
      />
      {notConfigured && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to="/email/settings">
              {t('email.openSettings')}
            </Button>
          }
        >
          {t('email.notConfigured')}
        </Alert>
      )}
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, md: 3 } }} aria-label={t('email.send.title')}>
        <Stack spacing={2}>
          <FormControl>
            <FormLabel id="email-target">{t('email.send.target')}</FormLabel>
            <RadioGroup row aria-labelledby="email-target" value={target} onChange={(e) => setTarget(e.target.value as Target)}>
              {(['customers', 'zone', 'addresses'] as const).map((v) => (
                <FormControlLabel key={v} value={v} control={<Radio />} label={t(`email.send.targets.${v}`)} />
              ))}
            </RadioGroup>
          </FormControl>
          {target === 'customers' && (
            <Stack spacing={1}>
              <CustomerPicker<EmailRecipient>
                value={null}
                onChange={(c) => c && !customers.some((x) => x.id === c.id) && setCustomers([...customers, c])}
                useSearch={useRecipientSearch}
                label={t('email.send.customers')}
                error={Boolean(errors.target)}
                helperText={errors.target ?? t('email.send.customersHelp')}
                renderDetail={(c) => c.email ?? t('email.send.noEmail')}
              />
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {customers.map((c) => (
                  <Chip
                    key={c.id}
                    label={`${c.name} · ${c.email ?? t('email.send.noEmail')}`}
                    color={c.email ? 'default' : 'warning'}
                    onDelete={() => setCustomers(customers.filter((x) => x.id !== c.id))}
                  />
                ))}
              </Stack>
            </Stack>
          )}
          {target === 'zone' && (
            <TextField
              select
              label={t('email.send.zone')}
              value={zoneId}
              onChange={(e) => setZoneId(Number(e.target.value))}
              error={Boolean(errors.target)}
              helperText={errors.target}
              sx={{ maxWidth: 560 }}
            >
              {(options.data?.zones ?? []).map((z) => (
                <MenuItem key={z.id} value={z.id}>
                  {t('email.send.zoneOption', { name: z.name, total: z.customerCount, withEmail: z.withEmail })}
                </MenuItem>
              ))}
            </TextField>
          )}
          {target === 'addresses' && (
            <TextField
              label={t('email.send.addresses')}
              value={addresses}
              onChange={(e) => setAddresses(e.target.value)}
              multiline
              minRows={3}
              error={Boolean(errors.target)}
              helperText={errors.target ?? t('email.send.addressesHelp')}
            />
          )}
          <TextField
            select
            label={t('email.language')}
            value={language}
            onChange={(e) => chooseLanguage(e.target.value as EmailLanguage)}
            sx={{ maxWidth: 260 }}
          >
            {emailLanguageValues.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`email.languages.${l}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('email.subject')}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            required
            error={Boolean(errors.subject)}
            helperText={errors.subject}
          />
          <TextField
            label={t('email.message')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            required
            multiline
            minRows={6}
            error={Boolean(errors.message)}
            helperText={errors.message ?? t('email.placeholders', { list: emailPlaceholderList })}
          />
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          {result && (
            <Alert severity={result.queued > 0 ? 'success' : 'warning'} role="status">
              <div>{t('email.send.queued', { count: result.queued })}</div>
              {result.skipped.length > 0 && (
                <>
                  <strong>{t('email.send.skippedTitle', { count: result.skipped.length })}</strong>
                  <ul style={{ margin: 0 }}>
                    {result.skipped.map((s) => (
                      <li key={`${s.customerId}-${s.email}`}>{`${s.customerName ?? s.email ?? ''}: ${t(`email.skipReason.${s.reason}`)}`}</li>
                    ))}
                  </ul>
                </>
              )}
              <Link component={RouterLink} to="/email/email-report">
                {t('email.openReport')}
              </Link>
            </Alert>
          )}
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={send.isPending || Boolean(notConfigured)}>
              {t('email.send.submit')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
