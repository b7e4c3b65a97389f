-- E-mail: the organisation's SMTP settings (the password sealed with AES-256-GCM under a key derived from
-- the installation's token secret), templates per kind and language, and the outbox with its attachments.
-- A request queues its e-mails in its own transaction; the dispatcher (job email.dispatch) sends them
-- only after that transaction has committed, claiming due messages with FOR UPDATE SKIP LOCKED, and
-- records each attempt (sent, or queued again later until max attempts, then failed). Attachments (the
-- PDF of a bill, a statement, ...) are drawn when the e-mail is queued and kept with it: what was sent is
-- what was queued. The outbox is the record of what was sent: never deleted.

CREATE TABLE email_settings (
  client_id integer PRIMARY KEY REFERENCES clients(id),
  host text CHECK (host IS NULL OR length(host) BETWEEN 1 AND 253),
  port integer NOT NULL DEFAULT 587 CHECK (port BETWEEN 1 AND 65535),
  security text NOT NULL DEFAULT 'starttls' CHECK (security IN ('none', 'starttls', 'tls')),
  username text CHECK (username IS NULL OR length(username) <= 200),
  password_enc text,
  from_address text CHECK (from_address IS NULL OR length(from_address) <= 254),
  from_name text CHECK (from_name IS NULL OR length(from_name) <= 200),
  max_attempts smallint NOT NULL DEFAULT 3 CHECK (max_attempts BETWEEN 1 AND 10),
  default_language text NOT NULL DEFAULT 'en' CHECK (default_language IN ('en', 'so')),
  updated_by integer,
  updated_at timestamptz,
  FOREIGN KEY (client_id, updated_by) REFERENCES users(client_id, id)
);

CREATE TABLE email_templates (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  kind text NOT NULL CHECK (kind IN ('free', 'bill', 'statement', 'receipt', 'invoice', 'purchase_order')),
  language text NOT NULL CHECK (language IN ('en', 'so')),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 300),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 10000),
  updated_by integer,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, kind, language),
  FOREIGN KEY (client_id, updated_by) REFERENCES users(client_id, id)
);

CREATE TABLE email_messages (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  kind text NOT NULL CHECK (kind IN ('free', 'bill', 'statement', 'receipt', 'invoice', 'purchase_order', 'payslip', 'test')),
  customer_id integer,
  -- The document the e-mail carries (bill id, payment id, ...), with kind saying which.
  document_id bigint,
  recipient text NOT NULL CHECK (length(recipient) BETWEEN 3 AND 254),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 300),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 20000),
  language text NOT NULL CHECK (language IN ('en', 'so')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  last_error text,
  server_message_id text,
  server_response text,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (client_id, id),
  CHECK ((status IN ('queued', 'sending')) = (next_attempt_at IS NOT NULL)),
  CHECK ((status = 'sent') = (sent_at IS NOT NULL)),
  FOREIGN KEY (client_id, customer_id) REFERENCES customers(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX email_messages_due ON email_messages(next_attempt_at, id) WHERE status IN ('queued', 'sending');
CREATE INDEX email_messages_report ON email_messages(client_id, created_at DESC, id DESC);

CREATE TABLE email_attachments (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  message_id bigint NOT NULL,
  filename text NOT NULL CHECK (length(filename) BETWEEN 1 AND 200),
  content_type text NOT NULL,
  content bytea NOT NULL CHECK (length(content) <= 10485760),
  FOREIGN KEY (client_id, message_id) REFERENCES email_messages(client_id, id)
);
CREATE INDEX email_attachments_message ON email_attachments(client_id, message_id);

SELECT app_tenant_tables('email_settings', 'email_templates', 'email_messages', 'email_attachments');

-- What was sent stays on record.
REVOKE DELETE, TRUNCATE ON email_messages, email_attachments FROM ubo_app;
REVOKE TRUNCATE ON email_settings, email_templates FROM ubo_app;
