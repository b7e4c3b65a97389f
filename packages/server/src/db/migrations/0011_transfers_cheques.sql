-- Treasury documents that move money: transfers between the organisation's own cash, bank and mobile
-- money accounts, and cheques written on its bank accounts (with their voucher lines). Each row points
-- at the journal entry posted with it in the same transaction; a cancelled transfer or a voided cheque
-- is one whose entry has been reversed (the ledger is the record, the documents never change).
-- Same-organisation references are composite foreign keys; row-level security is ENABLE + FORCE.

CREATE UNIQUE INDEX IF NOT EXISTS users_client_id_id ON users(client_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS branches_client_id_id ON branches(client_id, id);

CREATE TABLE transfers (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  -- Gapless per organisation (document counter series 'TR'): TR-000001.
  transfer_no bigint NOT NULL CHECK (transfer_no > 0),
  date date NOT NULL,
  from_account_id integer NOT NULL,
  to_account_id integer NOT NULL,
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  reference text CHECK (length(reference) <= 100),
  memo text CHECK (length(memo) <= 1000),
  entry_id bigint NOT NULL,
  branch_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  UNIQUE (client_id, transfer_no),
  UNIQUE (client_id, entry_id),
  CHECK (from_account_id <> to_account_id),
  FOREIGN KEY (client_id, from_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, to_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX transfers_date ON transfers(client_id, date DESC, id DESC);
CREATE INDEX transfers_from ON transfers(client_id, from_account_id);
CREATE INDEX transfers_to ON transfers(client_id, to_account_id);

CREATE TABLE cheques (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  bank_account_id integer NOT NULL,
  -- As printed on the cheque book; unique per bank account. Automatic numbers come from the document
  -- counter series 'cheque:<bank account id>'.
  cheque_no bigint NOT NULL CHECK (cheque_no BETWEEN 1 AND 9999999999),
  date date NOT NULL,
  payee_type text NOT NULL CHECK (payee_type IN ('vendor', 'employee', 'other')),
  payee_id integer,
  payee_name text NOT NULL CHECK (length(payee_name) BETWEEN 1 AND 200),
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  amount_words_en text NOT NULL,
  amount_words_so text NOT NULL,
  memo text CHECK (length(memo) <= 1000),
  entry_id bigint NOT NULL,
  branch_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  UNIQUE (client_id, bank_account_id, cheque_no),
  UNIQUE (client_id, entry_id),
  CHECK (payee_type <> 'other' OR payee_id IS NULL),
  FOREIGN KEY (client_id, bank_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX cheques_date ON cheques(client_id, date DESC, id DESC);

-- What the cheque pays for, as entered (the journal entry merges lines of the same account).
CREATE TABLE cheque_lines (
  client_id integer NOT NULL REFERENCES clients(id),
  cheque_id integer NOT NULL,
  line_no smallint NOT NULL CHECK (line_no BETWEEN 1 AND 100),
  account_id integer NOT NULL,
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  memo text CHECK (length(memo) <= 500),
  PRIMARY KEY (client_id, cheque_id, line_no),
  FOREIGN KEY (client_id, cheque_id) REFERENCES cheques(client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id)
);

-- A cheque's lines add up to its amount, checked at commit for every cheque touched.
CREATE FUNCTION cheque_lines_total_amount() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target integer;
  c record;
  s numeric;
BEGIN
  IF TG_TABLE_NAME = 'cheques' THEN target := NEW.id; ELSE target := NEW.cheque_id; END IF;
  SELECT id, amount INTO c FROM cheques WHERE id = target;
  SELECT coalesce(sum(amount), 0) INTO s FROM cheque_lines WHERE cheque_id = target AND client_id = NEW.client_id;
  IF s <> c.amount THEN
    RAISE EXCEPTION 'cheque % lines total % but the cheque is for %', target, s, c.amount USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER cheques_lines_total AFTER INSERT ON cheques
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cheque_lines_total_amount();
CREATE CONSTRAINT TRIGGER cheque_lines_total AFTER INSERT ON cheque_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cheque_lines_total_amount();

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['transfers', 'cheques', 'cheque_lines'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id())', t);
    EXECUTE format('CREATE POLICY system ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
END $$;

-- Posted documents are corrected by cancelling (a reversing entry), never by editing or deleting.
REVOKE UPDATE, DELETE, TRUNCATE ON transfers, cheques, cheque_lines FROM ubo_app;
