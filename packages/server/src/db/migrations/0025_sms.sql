-- SMS: templates per kind and language, the organisation's gateway settings, customers' preferred
-- languages, and the outbox. A request queues its messages (one batch) in its own transaction; the
-- dispatcher sends them only after that transaction has committed, claiming due messages with
-- FOR UPDATE SKIP LOCKED, and records each attempt (sent, or queued again with a later next_attempt_at
-- until max attempts, then failed). The outbox is the record of what was sent: never deleted.

CREATE TABLE sms_templates (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  kind text NOT NULL CHECK (kind IN ('bill', 'free')),
  language text NOT NULL CHECK (language IN ('en', 'so')),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  updated_by integer,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, kind, language),
  FOREIGN KEY (client_id, updated_by) REFERENCES users(client_id, id)
);

CREATE TABLE sms_settings (
  client_id integer PRIMARY KEY REFERENCES clients(id),
  provider text NOT NULL DEFAULT 'outbox' CHECK (provider IN ('outbox', 'http')),
  url text,
  method text NOT NULL DEFAULT 'POST' CHECK (method IN ('GET', 'POST')),
  auth_header_name text,
  -- AES-256-GCM under a key derived from the installation's token secret; never answered in full.
  auth_secret_enc text,
  auth_secret_hint text,
  content_type text NOT NULL DEFAULT 'application/json'
    CHECK (content_type IN ('application/json', 'application/x-www-form-urlencoded', 'text/plain')),
  body_template text,
  sender_id text,
  max_attempts smallint NOT NULL DEFAULT 3 CHECK (max_attempts BETWEEN 1 AND 10),
  default_language text NOT NULL DEFAULT 'en' CHECK (default_language IN ('en', 'so')),
  updated_by integer,
  updated_at timestamptz,
  CHECK (provider <> 'http' OR url IS NOT NULL),
  FOREIGN KEY (client_id, updated_by) REFERENCES users(client_id, id)
);

CREATE TABLE sms_customer_languages (
  client_id integer NOT NULL REFERENCES clients(id),
  customer_id integer NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'so')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, customer_id),
  FOREIGN KEY (client_id, customer_id) REFERENCES customers(client_id, id)
);

-- One request's messages: who queued them and for what.
CREATE TABLE sms_batches (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  kind text NOT NULL CHECK (kind IN ('bill', 'free', 'test')),
  target jsonb NOT NULL,
  message_count integer NOT NULL CHECK (message_count >= 0),
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);

CREATE TABLE sms_messages (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  batch_id bigint,
  kind text NOT NULL CHECK (kind IN ('bill', 'free', 'test')),
  customer_id integer,
  bill_id bigint,
  run_id bigint,
  phone text NOT NULL CHECK (phone ~ '^\+252[1-9][0-9]{6,8}$'),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  language text NOT NULL CHECK (language IN ('en', 'so')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- Queued: when the next attempt is due. Sending: when the claim lapses (a crashed sender's message
  -- is picked up again). Sent or failed: null.
  next_attempt_at timestamptz,
  last_error text,
  provider text,
  provider_message_id text,
  provider_response text,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (client_id, id),
  CHECK ((status IN ('queued', 'sending')) = (next_attempt_at IS NOT NULL)),
  CHECK ((status = 'sent') = (sent_at IS NOT NULL)),
  FOREIGN KEY (client_id, batch_id) REFERENCES sms_batches(client_id, id),
  FOREIGN KEY (client_id, customer_id) REFERENCES customers(client_id, id),
  FOREIGN KEY (client_id, bill_id) REFERENCES bills(client_id, id),
  FOREIGN KEY (client_id, run_id) REFERENCES bill_runs(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
-- The dispatcher's claim looks across organisations at due messages only.
CREATE INDEX sms_messages_due ON sms_messages(next_attempt_at, id) WHERE status IN ('queued', 'sending');
CREATE INDEX sms_messages_report ON sms_messages(client_id, created_at DESC, id DESC);
CREATE INDEX sms_messages_bill ON sms_messages(client_id, bill_id) WHERE bill_id IS NOT NULL;
CREATE INDEX sms_messages_batch ON sms_messages(client_id, batch_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sms_templates', 'sms_settings', 'sms_customer_languages', 'sms_batches', 'sms_messages'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id())', t);
    EXECUTE format('CREATE POLICY system ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
END $$;

-- What was sent stays on record.
REVOKE DELETE, TRUNCATE ON sms_batches, sms_messages FROM ubo_app;
REVOKE TRUNCATE ON sms_templates, sms_settings, sms_customer_languages FROM ubo_app;
