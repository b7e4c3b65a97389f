-- Backups and exports (issue 20).
-- installation_backups: every backup the server took by itself (automatic, before an upgrade) or was asked
-- for, with its outcome; installation-wide (no organisation), read by the bell so administrators see a
-- failed automatic backup. organisation_exports: an organisation's data export (a ZIP of CSV files) made by
-- a background job, kept in the database so any server process can hand it out.

CREATE TABLE installation_backups (
  id serial PRIMARY KEY,
  reason text NOT NULL CHECK (reason IN ('manual', 'automatic', 'pre-upgrade')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  ok boolean,
  file text,
  bytes bigint,
  error text
);
CREATE INDEX installation_backups_reason ON installation_backups(reason, id DESC);
GRANT SELECT ON installation_backups TO ubo_app;

CREATE TABLE organisation_exports (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  job_id bigint NOT NULL,
  file_name text NOT NULL,
  bytes bytea NOT NULL,
  size integer NOT NULL,
  tables integer NOT NULL,
  rows bigint NOT NULL,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX organisation_exports_job ON organisation_exports(client_id, job_id);
SELECT app_tenant_tables('organisation_exports');
GRANT SELECT, INSERT ON organisation_exports TO ubo_app;
GRANT USAGE ON SEQUENCE organisation_exports_id_seq TO ubo_app;
