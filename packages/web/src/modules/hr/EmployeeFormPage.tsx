// /hr-settings/employee/new (hire: the file and the first basic salary) and /hr-settings/employee/:id/edit
// (the file; pay changes are on the employee's page). The server's field errors show on their fields.
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  type EmployeeDetail,
  employeePaymentMethodValues,
  employeesEndpoints,
  employmentTypeValues,
  idTypeValues,
  salaryCurrencyValues,
  sexValues,
} from '@ubo/contracts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { callEndpoint, toast } from '../../lib/api.ts';
import { HrField } from './HrField.tsx';
import { useHrChoices, useHrQuery, useHrWrite } from './hr.queries.ts';

type Values = Record<string, string>;
const textFields = [
  'number',
  'firstName',
  'middleName',
  'lastName',
  'sex',
  'dateOfBirth',
  'phone',
  'email',
  'address',
  'idType',
  'idNumber',
  'emergencyName',
  'emergencyPhone',
  'emergencyRelation',
  'hireDate',
  'departmentId',
  'subSectionId',
  'jobTitleId',
  'dutyId',
  'dutyStationId',
  'institutionId',
  'facultyId',
  'employmentType',
  'paymentMethod',
  'bankTypeId',
  'bankAccount',
  'mobileNumber',
] as const;

function fromDetail(e: EmployeeDetail): Values {
  const out: Values = {};
  for (const f of textFields) {
    const v = e[f as keyof EmployeeDetail];
    out[f] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

const blank = (currency: string): Values => ({
  ...Object.fromEntries(textFields.map((f) => [f, ''])),
  employmentType: 'permanent',
  paymentMethod: 'cash',
  hireDate: new Date().toISOString().slice(0, 10),
  basicSalary: '',
  currency,
});

export default function EmployeeFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const editing = id !== undefined;
  const choices = useHrChoices();
  const existing = useHrQuery(['employee', id], () => callEndpoint(employeesEndpoints.get, { params: { id: Number(id) } }), editing);
  const [v, setV] = useState<Values | null>(editing ? null : blank('USD'));
  useEffect(() => {
    if (editing && existing.data && v === null) setV(fromDetail(existing.data));
  }, [editing, existing.data, v]);
  useEffect(() => {
    if (!editing && choices.data && v && v.currency !== choices.data.currency && v.basicSalary === '') setV({ ...v, currency: choices.data.currency });
  }, [editing, choices.data, v]);

  const save = useHrWrite(
    (body: Values) => {
      const clean = Object.fromEntries(Object.entries(body).map(([k, x]) => [k, x === '' ? null : x]));
      if (clean.number === null) delete clean.number;
      return editing
        ? callEndpoint(employeesEndpoints.update, { params: { id: Number(id) }, body: clean as never })
        : callEndpoint(employeesEndpoints.create, { body: clean as never });
    },
    (saved) => {
      toast(t(editing ? 'hr.employees.saved' : 'hr.employees.hired', { name: saved.name, number: saved.number }), 'success');
      navigate(`/hr-settings/employee/${saved.id}`);
    },
  );
  if (!v) return null;
  const c = choices.data;
  const opts = (list: { id: number; name: string }[] | undefined) => (list ?? []).map((x) => ({ value: String(x.id), label: x.name }));
  const enumOpts = (values: readonly string[], prefix: string) => values.map((x) => ({ value: x, label: t(`${prefix}.${x}`) }));
  const field = (name: string, props: Partial<Parameters<typeof HrField>[0]> = {}) => (
    <HrField
      name={name}
      label={t(`hr.field.${name.replace(/Id$/, '')}`)}
      value={v[name] ?? ''}
      onChange={(x) => setV({ ...v, [name]: x })}
      error={save.errors[name]}
      {...props}
    />
  );
  const cell = (node: React.ReactNode, sm = 4) => <Grid size={{ xs: 12, sm }}>{node}</Grid>;
  const subSections = (c?.subSections ?? []).filter((s) => String(s.departmentId) === v.departmentId);
  const none = t('hr.field.none');

  return (
    <>
      <PageHeader title={editing ? t('hr.employees.editTitle', { name: existing.data?.name ?? '' }) : t('hr.employees.createTitle')} />
      <Paper sx={{ p: 2.5 }}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const body = { ...v };
            if (editing) {
              delete body.basicSalary;
              delete body.currency;
            }
            save.mutate(body);
          }}
        >
          <Typography variant="subtitle1" sx={{ mb: 1.5 }}>
            {t('hr.employees.sectionPerson')}
          </Typography>
          <Grid container spacing={2}>
            {cell(field('number', { helperText: t('hr.field.numberHelp'), maxLength: 30 }))}
            {cell(field('firstName', { required: true, maxLength: 80 }))}
            {cell(field('middleName', { maxLength: 80 }))}
            {cell(field('lastName', { required: true, maxLength: 80 }))}
            {cell(field('sex', { required: true, options: enumOpts(sexValues, 'hr.sex') }))}
            {cell(field('dateOfBirth', { type: 'date' }))}
            {cell(field('phone', { type: 'tel', maxLength: 30 }))}
            {cell(field('email', { type: 'email', maxLength: 200 }))}
            {cell(field('address', { maxLength: 500 }))}
            {cell(field('idType', { options: enumOpts(idTypeValues, 'hr.idType'), empty: none }))}
            {cell(field('idNumber', { maxLength: 60 }))}
            {cell(<span />)}
            {cell(field('emergencyName', { maxLength: 120 }))}
            {cell(field('emergencyPhone', { type: 'tel', maxLength: 30 }))}
            {cell(field('emergencyRelation', { maxLength: 60 }))}
          </Grid>
          <Divider sx={{ my: 2.5 }} />
          <Typography variant="subtitle1" sx={{ mb: 1.5 }}>
            {t('hr.employees.sectionJob')}
          </Typography>
          <Grid container spacing={2}>
            {cell(field('hireDate', { type: 'date', required: true }))}
            {cell(
              <HrField
                name="departmentId"
                label={t('hr.field.department')}
                value={v.departmentId}
                onChange={(x) => setV({ ...v, departmentId: x, subSectionId: '' })}
                error={save.errors.departmentId}
                required
                options={opts(c?.departments)}
              />,
            )}
            {cell(field('subSectionId', { options: opts(subSections), empty: none }))}
            {cell(field('jobTitleId', { required: true, options: opts(c?.jobTitles) }))}
            {cell(field('dutyId', { options: opts(c?.duties), empty: none }))}
            {cell(field('dutyStationId', { options: opts(c?.dutyStations), empty: none }))}
            {cell(field('institutionId', { options: opts(c?.institutions), empty: none }))}
            {cell(field('facultyId', { options: opts(c?.faculties), empty: none }))}
            {cell(field('employmentType', { required: true, options: enumOpts(employmentTypeValues, 'hr.employmentType') }))}
          </Grid>
          <Divider sx={{ my: 2.5 }} />
          <Typography variant="subtitle1" sx={{ mb: 1.5 }}>
            {t('hr.employees.sectionPay')}
          </Typography>
          <Grid container spacing={2}>
            {!editing && cell(field('basicSalary', { type: 'money', required: true, maxLength: 18 }))}
            {!editing && cell(field('currency', { required: true, options: salaryCurrencyValues.map((x) => ({ value: x, label: x })) }))}
            {cell(
              <HrField
                name="paymentMethod"
                label={t('hr.field.paymentMethod')}
                value={v.paymentMethod}
                onChange={(x) => setV({ ...v, paymentMethod: x })}
                error={save.errors.paymentMethod}
                required
                options={enumOpts(employeePaymentMethodValues, 'hr.method')}
              />,
            )}
            {v.paymentMethod === 'bank' && cell(field('bankTypeId', { required: true, options: opts(c?.bankTypes) }))}
            {v.paymentMethod === 'bank' && cell(field('bankAccount', { required: true, maxLength: 40 }))}
            {v.paymentMethod === 'mobile' && cell(field('mobileNumber', { required: true, type: 'tel', maxLength: 30 }))}
          </Grid>
          <Stack direction="row" spacing={1} sx={{ mt: 2.5, justifyContent: 'flex-end' }}>
            <Button onClick={() => navigate(editing ? `/hr-settings/employee/${id}` : '/hr-settings/employee')}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('common.save')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
