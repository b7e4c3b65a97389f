-- Files attached to journal entries (receipts, bank slips, statements). The bytes live in `files`
-- (purpose 'transaction'); this table links them to their entry. Both keys are composite, so an
-- entry can only carry its own organisation's files; removing the file removes the link.

CREATE TABLE journal_entry_files (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  entry_id bigint NOT NULL,
  file_id uuid NOT NULL UNIQUE,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  FOREIGN KEY (client_id, entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, file_id) REFERENCES files(client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX journal_entry_files_entry ON journal_entry_files(client_id, entry_id, id);

ALTER TABLE journal_entry_files ENABLE ROW LEVEL SECURITY;
ALTER TABLE journal_entry_files FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON journal_entry_files USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system ON journal_entry_files TO %I USING (true) WITH CHECK (true)', current_user);
END $$;

REVOKE UPDATE, TRUNCATE ON journal_entry_files FROM ubo_app;
