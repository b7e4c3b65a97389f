-- HR documents (issue 16): payslips sent to employees by e-mail (PDF attached, through the e-mail outbox) or
-- by SMS (a net-pay line, through the SMS outbox, kind 'payslip'). One delivery per run, employee and channel:
-- sending a run's payslips again reaches only those not reached yet, so nobody gets one twice.

ALTER TABLE sms_batches DROP CONSTRAINT sms_batches_kind_check;
ALTER TABLE sms_batches ADD CONSTRAINT sms_batches_kind_check CHECK (kind IN ('bill', 'free', 'test', 'complaint', 'payslip'));
ALTER TABLE sms_messages DROP CONSTRAINT sms_messages_kind_check;
ALTER TABLE sms_messages ADD CONSTRAINT sms_messages_kind_check CHECK (kind IN ('bill', 'free', 'test', 'complaint', 'payslip'));

CREATE TABLE hr_payslip_deliveries (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  run_id integer NOT NULL,
  employee_id integer NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  -- The outbox message that carries it (email_messages or sms_messages, by channel).
  message_id bigint NOT NULL,
  recipient text NOT NULL,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, run_id, employee_id, channel),
  FOREIGN KEY (client_id, run_id) REFERENCES hr_payroll_runs(client_id, id),
  FOREIGN KEY (client_id, employee_id) REFERENCES employees(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);

SELECT app_tenant_tables('hr_payslip_deliveries');

-- A delivery is a fact: written once, never changed or removed.
REVOKE UPDATE, DELETE, TRUNCATE ON hr_payslip_deliveries FROM ubo_app;
