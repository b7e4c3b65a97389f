-- Customer care (issue 17): complaint topics, complaints with their whole history, and marketing prospects.
-- A complaint takes a gapless reference CMP-<year>-nnnnn per organisation and year from the ledger's
-- document counters (series 'CMP-<year>') when it is logged. Pending -> In progress -> Completed (the
-- resolution, who and when), or Cancelled with a reason; every change, assignment and comment is one row of
-- complaint_events (append-only). Complaints are never deleted. SMS to the customer go through the sms
-- outbox (kind 'complaint') in the complaint's own transaction.

CREATE TABLE complaint_topics (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 120),
  name_so text NOT NULL CHECK (length(name_so) BETWEEN 1 AND 120),
  priority text NOT NULL DEFAULT 'Normal' CHECK (priority IN ('Low', 'Normal', 'High', 'Urgent')),
  target_hours integer NOT NULL CHECK (target_hours BETWEEN 1 AND 8760),
  assignee_id integer,
  sms_customer boolean NOT NULL DEFAULT true,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  FOREIGN KEY (client_id, assignee_id) REFERENCES users(client_id, id)
);
CREATE UNIQUE INDEX complaint_topics_name_en ON complaint_topics(client_id, lower(name_en));

CREATE TABLE complaints (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  ref_year smallint NOT NULL,
  ref_no integer NOT NULL CHECK (ref_no > 0),
  customer_id integer,
  caller_name text CHECK (caller_name IS NULL OR length(caller_name) BETWEEN 1 AND 200),
  caller_phone text CHECK (caller_phone IS NULL OR length(caller_phone) BETWEEN 1 AND 30),
  house_id integer,
  topic_id integer NOT NULL,
  channel text NOT NULL CHECK (channel IN ('phone', 'walk-in', 'sms', 'email')),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 4000),
  priority text NOT NULL CHECK (priority IN ('Low', 'Normal', 'High', 'Urgent')),
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'InProgress', 'Completed', 'Cancelled')),
  assignee_id integer,
  due_at timestamptz NOT NULL,
  created_by integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_by integer,
  completed_at timestamptz,
  resolution text CHECK (resolution IS NULL OR length(resolution) BETWEEN 1 AND 4000),
  cancelled_by integer,
  cancelled_at timestamptz,
  cancel_reason text CHECK (cancel_reason IS NULL OR length(cancel_reason) BETWEEN 1 AND 500),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  UNIQUE (client_id, ref_year, ref_no),
  -- A customer, or a caller who is not one yet (name and phone).
  CHECK (customer_id IS NOT NULL OR (caller_name IS NOT NULL AND caller_phone IS NOT NULL)),
  CHECK ((status = 'Completed') = (completed_at IS NOT NULL AND resolution IS NOT NULL AND completed_by IS NOT NULL)),
  CHECK ((status = 'Cancelled') = (cancelled_at IS NOT NULL AND cancel_reason IS NOT NULL)),
  FOREIGN KEY (client_id, customer_id) REFERENCES customers(client_id, id),
  FOREIGN KEY (client_id, house_id) REFERENCES houses(client_id, id),
  FOREIGN KEY (client_id, topic_id) REFERENCES complaint_topics(client_id, id),
  FOREIGN KEY (client_id, assignee_id) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, completed_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, cancelled_by) REFERENCES users(client_id, id)
);
CREATE INDEX complaints_created ON complaints(client_id, created_at, id);
CREATE INDEX complaints_customer ON complaints(client_id, customer_id, created_at) WHERE customer_id IS NOT NULL;
CREATE INDEX complaints_open_assignee ON complaints(client_id, assignee_id, due_at) WHERE status IN ('Pending', 'InProgress');

CREATE TABLE complaint_events (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  complaint_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('created', 'assigned', 'started', 'comment', 'completed', 'cancelled', 'attachment')),
  from_status text,
  to_status text,
  assignee_id integer,
  note text CHECK (note IS NULL OR length(note) BETWEEN 1 AND 4000),
  file_id uuid,
  by_user integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  FOREIGN KEY (client_id, complaint_id) REFERENCES complaints(client_id, id),
  FOREIGN KEY (client_id, assignee_id) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, by_user) REFERENCES users(client_id, id)
);
CREATE INDEX complaint_events_complaint ON complaint_events(client_id, complaint_id, id);

CREATE TABLE prospects (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  phone text NOT NULL CHECK (length(phone) BETWEEN 1 AND 30),
  location text CHECK (location IS NULL OR length(location) BETWEEN 1 AND 500),
  zone_id integer,
  interest text NOT NULL CHECK (interest IN ('new-connection', 'upgrade', 'reconnection', 'commercial', 'other')),
  source text NOT NULL CHECK (source IN ('field-visit', 'walk-in', 'phone', 'referral', 'campaign', 'social-media', 'other')),
  visit_date date NOT NULL,
  officer_id integer NOT NULL,
  notes text CHECK (notes IS NULL OR length(notes) BETWEEN 1 AND 2000),
  follow_up_date date,
  outcome text NOT NULL DEFAULT 'Open' CHECK (outcome IN ('Open', 'Interested', 'NotInterested', 'Converted')),
  customer_id integer,
  house_id integer,
  converted_by integer,
  converted_at timestamptz,
  created_by integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  CHECK ((outcome = 'Converted') = (customer_id IS NOT NULL AND converted_at IS NOT NULL)),
  FOREIGN KEY (client_id, zone_id) REFERENCES zones(client_id, id),
  FOREIGN KEY (client_id, officer_id) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, customer_id) REFERENCES customers(client_id, id),
  FOREIGN KEY (client_id, house_id) REFERENCES houses(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX prospects_visit ON prospects(client_id, visit_date, id);

SELECT app_tenant_tables('complaint_topics', 'complaints', 'complaint_events', 'prospects');

REVOKE DELETE, TRUNCATE ON complaints, complaint_events, prospects FROM ubo_app;
REVOKE UPDATE ON complaint_events FROM ubo_app;

-- Complaint SMS go through the same outbox.
ALTER TABLE sms_batches DROP CONSTRAINT sms_batches_kind_check;
ALTER TABLE sms_batches ADD CONSTRAINT sms_batches_kind_check CHECK (kind IN ('bill', 'free', 'test', 'complaint'));
ALTER TABLE sms_messages DROP CONSTRAINT sms_messages_kind_check;
ALTER TABLE sms_messages ADD CONSTRAINT sms_messages_kind_check CHECK (kind IN ('bill', 'free', 'test', 'complaint'));
