-- The ledger: chart of accounts, journal entries and lines (append-only), per-account daily balances
-- kept by the posting function in the same transaction, gapless document counters, the lock date and
-- idempotency keys for money-moving requests. The database enforces the rules that postJournal()
-- checks first: every entry balances (deferred constraint trigger), posted rows are never updated or
-- deleted, nothing is dated on or before the lock date.

CREATE TABLE accounts (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  code text NOT NULL CHECK (length(code) BETWEEN 1 AND 20),
  name_en text NOT NULL,
  name_so text NOT NULL,
  type text NOT NULL CHECK (type IN ('asset', 'liability', 'equity', 'income', 'expense')),
  subtype text NOT NULL,
  parent_id integer,
  currency text NOT NULL DEFAULT 'USD',
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive')),
  is_system boolean NOT NULL DEFAULT false,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- (client_id, id) is the target of every same-organisation foreign key below.
  UNIQUE (client_id, id),
  FOREIGN KEY (client_id, parent_id) REFERENCES accounts(client_id, id),
  CHECK (parent_id IS NULL OR parent_id <> id)
);
CREATE UNIQUE INDEX accounts_code ON accounts(client_id, code);
CREATE INDEX accounts_parent ON accounts(client_id, parent_id);

CREATE TABLE journal_entries (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  series text NOT NULL,
  entry_no bigint NOT NULL CHECK (entry_no > 0),
  date date NOT NULL,
  reference text,
  memo text,
  source_type text NOT NULL,
  source_id bigint,
  branch_id integer REFERENCES branches(id),
  user_id integer REFERENCES users(id),
  -- Sum of the debits (= sum of the credits), checked against the lines at commit.
  total numeric(18,2) NOT NULL CHECK (total > 0),
  reverses_id bigint,
  reversed_by_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  UNIQUE (client_id, series, entry_no),
  FOREIGN KEY (client_id, reverses_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, reversed_by_id) REFERENCES journal_entries(client_id, id)
);
-- An entry is reversed at most once.
CREATE UNIQUE INDEX journal_entries_reverses ON journal_entries(reverses_id) WHERE reverses_id IS NOT NULL;
CREATE INDEX journal_entries_date ON journal_entries(client_id, date, id);
CREATE INDEX journal_entries_source ON journal_entries(client_id, source_type, source_id);

CREATE TABLE journal_lines (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL,
  entry_id bigint NOT NULL,
  account_id integer NOT NULL,
  debit numeric(18,2) NOT NULL DEFAULT 0 CHECK (debit >= 0),
  credit numeric(18,2) NOT NULL DEFAULT 0 CHECK (credit >= 0),
  party_type text CHECK (party_type IN ('customer', 'vendor', 'employee')),
  party_id integer,
  memo text,
  -- Copy of the entry's date (checked at commit) so reports never join entries to filter by date.
  date date NOT NULL,
  CHECK ((debit > 0) <> (credit > 0)),
  CHECK ((party_type IS NULL) = (party_id IS NULL)),
  FOREIGN KEY (client_id, entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id)
);
CREATE INDEX journal_lines_account_date ON journal_lines(client_id, account_id, date, entry_id, id);
CREATE INDEX journal_lines_date ON journal_lines(client_id, date);
CREATE INDEX journal_lines_entry ON journal_lines(entry_id);
CREATE INDEX journal_lines_party ON journal_lines(client_id, party_type, party_id, date) WHERE party_type IS NOT NULL;

-- Debit and credit totals (and the number of lines) per account per day; reports read these instead
-- of the lines.
CREATE TABLE account_daily_balances (
  client_id integer NOT NULL,
  account_id integer NOT NULL,
  date date NOT NULL,
  debit numeric(18,2) NOT NULL DEFAULT 0 CHECK (debit >= 0),
  credit numeric(18,2) NOT NULL DEFAULT 0 CHECK (credit >= 0),
  line_count integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
  PRIMARY KEY (client_id, account_id, date),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id)
);
CREATE INDEX account_daily_balances_date ON account_daily_balances(client_id, date);

-- Gapless numbers per organisation and series: the row is locked by the posting transaction and
-- rolls back with it, so a failed posting leaves no hole (a sequence would).
CREATE TABLE document_counters (
  client_id integer NOT NULL REFERENCES clients(id),
  series text NOT NULL,
  next_no bigint NOT NULL CHECK (next_no > 0),
  PRIMARY KEY (client_id, series)
);

CREATE TABLE ledger_settings (
  client_id integer PRIMARY KEY REFERENCES clients(id),
  -- Nothing may be posted on or before this date (closed periods), not even by administrators.
  lock_date date,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO ledger_settings (client_id) SELECT id FROM clients ON CONFLICT DO NOTHING;

-- A retried money-moving request with the same key answers the first response and posts nothing.
CREATE TABLE idempotency_keys (
  client_id integer NOT NULL REFERENCES clients(id),
  key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);

-- Every entry touched in the transaction, checked once per line at commit: at least two lines,
-- debits equal credits equal the entry total, lines dated as their entry.
CREATE FUNCTION journal_entry_is_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target bigint;
  e record;
  s record;
BEGIN
  -- Separate branches: each table's NEW has only its own columns.
  IF TG_TABLE_NAME = 'journal_entries' THEN target := NEW.id; ELSE target := NEW.entry_id; END IF;
  SELECT id, date, total INTO e FROM journal_entries WHERE id = target;
  SELECT count(*) AS n, coalesce(sum(debit), 0) AS debit, coalesce(sum(credit), 0) AS credit,
         bool_and(date = e.date) AS same_date
    INTO s FROM journal_lines WHERE entry_id = target;
  IF s.n < 2 THEN
    RAISE EXCEPTION 'journal entry % has % line(s); at least 2 are required', target, s.n USING ERRCODE = 'check_violation';
  END IF;
  IF s.debit <> s.credit OR s.debit <> e.total THEN
    RAISE EXCEPTION 'journal entry % does not balance: debit %, credit %, total %', target, s.debit, s.credit, e.total
      USING ERRCODE = 'check_violation';
  END IF;
  IF NOT s.same_date THEN
    RAISE EXCEPTION 'journal entry % has lines dated differently from the entry', target USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_is_balanced();
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_is_balanced();

CREATE FUNCTION journal_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: post a reversing entry instead', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER journal_lines_no_change BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_is_append_only();
CREATE TRIGGER journal_entries_no_delete BEFORE DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_is_append_only();
CREATE TRIGGER journal_lines_no_truncate BEFORE TRUNCATE ON journal_lines
  FOR EACH STATEMENT EXECUTE FUNCTION journal_is_append_only();
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION journal_is_append_only();

-- The one permitted change to a posted entry: recording, once, the entry that reverses it.
CREATE FUNCTION journal_entry_mark_reversed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.reversed_by_id IS NULL AND NEW.reversed_by_id IS NOT NULL
     AND (to_jsonb(NEW) - 'reversed_by_id') = (to_jsonb(OLD) - 'reversed_by_id')
     AND EXISTS (SELECT 1 FROM journal_entries r WHERE r.id = NEW.reversed_by_id AND r.reverses_id = OLD.id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'journal_entries is append-only: only reversed_by_id may be set, once, to the reversing entry'
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER journal_entries_no_change BEFORE UPDATE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_entry_mark_reversed();

CREATE FUNCTION journal_line_after_lock_date() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE locked date;
BEGIN
  SELECT lock_date INTO locked FROM ledger_settings WHERE client_id = NEW.client_id;
  IF locked IS NOT NULL AND NEW.date <= locked THEN
    RAISE EXCEPTION 'the period up to % is closed; line dated % refused', locked, NEW.date USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER journal_lines_lock_date BEFORE INSERT ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_line_after_lock_date();

-- Row-level security, exactly as in 0001.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['accounts','journal_entries','journal_lines','account_daily_balances','document_counters',
    'ledger_settings','idempotency_keys'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id())', t);
    EXECUTE format('CREATE POLICY system ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
END $$;

-- Default privileges of 0001 granted ubo_app everything; take back what the ledger never does.
-- journal_entries keeps UPDATE of reversed_by_id only (the trigger above narrows it further).
REVOKE UPDATE, DELETE, TRUNCATE ON journal_lines FROM ubo_app;
REVOKE UPDATE, DELETE, TRUNCATE ON journal_entries FROM ubo_app;
GRANT UPDATE (reversed_by_id) ON journal_entries TO ubo_app;
REVOKE DELETE, TRUNCATE ON account_daily_balances, document_counters, ledger_settings FROM ubo_app;
