-- Foundation: organisations, users, roles, sessions, audit log, settings basics, notes.
-- Tenant tables carry client_id and are guarded by row-level security (ENABLE + FORCE); the
-- application runs its queries as ubo_app (no superuser, no BYPASSRLS, owns nothing).

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ubo_app') THEN
    CREATE ROLE ubo_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;

-- The tenant of the current transaction; NULL (sees nothing) when unset.
CREATE OR REPLACE FUNCTION app_client_id() RETURNS integer LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.client_id', true), '')::integer $$;

CREATE TABLE clients (
  id serial PRIMARY KEY,
  code integer NOT NULL UNIQUE CHECK (code > 0),
  name text NOT NULL,
  billing_code text,
  short_code text,
  address text,
  phone text,
  email text,
  website text,
  currency text NOT NULL DEFAULT 'USD',
  contact_phone text,
  logo_file_id uuid,
  signature_file_id uuid,
  subscription_expires_on date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- clients is the tenant root: its own row is its tenant.
ALTER TABLE clients ENABLE ROW LEVEL SECURITY;
ALTER TABLE clients FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON clients USING (id = app_client_id()) WITH CHECK (id = app_client_id());

CREATE TABLE subscription_payments (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  name text NOT NULL,
  bill_amount numeric(14,2) NOT NULL CHECK (bill_amount >= 0),
  bill_date date NOT NULL,
  expire_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscription_payments_client ON subscription_payments(client_id, bill_date DESC);

CREATE TABLE branches (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  name text NOT NULL,
  address text,
  phone text,
  status text NOT NULL DEFAULT 'Active',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX branches_name ON branches(client_id, lower(name));

CREATE TABLE roles (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  name text NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roles_name ON roles(client_id, lower(name));

CREATE TABLE role_privileges (
  client_id integer NOT NULL REFERENCES clients(id),
  role_id integer NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  privilege text NOT NULL,
  PRIMARY KEY (role_id, privilege)
);
CREATE INDEX role_privileges_client ON role_privileges(client_id);

CREATE TABLE users (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  username text NOT NULL,
  fullname text NOT NULL,
  email text,
  phone text,
  password_hash text NOT NULL,
  is_admin boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Disabled', 'Deleted')),
  must_change_password boolean NOT NULL DEFAULT false,
  role_id integer REFERENCES roles(id),
  extra_privileges text[] NOT NULL DEFAULT '{}',
  signature text,
  branch_id integer REFERENCES branches(id),
  token_version integer NOT NULL DEFAULT 0,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username ON users(client_id, lower(username));

CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  user_id integer NOT NULL REFERENCES users(id),
  token_version integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user ON sessions(client_id, user_id);

-- Append-only: the application role may insert and read, never change (trigger below).
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  user_id integer,
  username text,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  before jsonb,
  after jsonb,
  ip text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_client_at ON audit_log(client_id, at DESC);
CREATE INDEX audit_log_entity ON audit_log(client_id, entity, entity_id);

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS
$$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();

CREATE TABLE files (
  id uuid PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  purpose text NOT NULL,
  filename text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  content bytea NOT NULL,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_client ON files(client_id, purpose);

CREATE TABLE cities (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  name text NOT NULL,
  region text,
  status text NOT NULL DEFAULT 'Active',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX cities_name ON cities(client_id, lower(name));

CREATE TABLE categories (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  name text NOT NULL,
  description text,
  status text NOT NULL DEFAULT 'Active',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX categories_name ON categories(client_id, lower(name));

CREATE TABLE units (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  name text NOT NULL,
  abbreviation text,
  status text NOT NULL DEFAULT 'Active',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX units_name ON units(client_id, lower(name));

-- Notes are written by the installation's operator for one organisation (client_id) or all (NULL).
CREATE TABLE notes (
  id serial PRIMARY KEY,
  client_id integer REFERENCES clients(id),
  title text NOT NULL,
  message text NOT NULL,
  video_iframe text,
  type text NOT NULL CHECK (type IN ('required', 'optional')),
  target text NOT NULL CHECK (target IN ('admin', 'other')),
  repetition text NOT NULL CHECK (repetition IN ('one_time', 'two_times', 'three_times')),
  feedback jsonb NOT NULL DEFAULT '[]',
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE note_activity (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  note_id integer NOT NULL REFERENCES notes(id),
  user_id integer NOT NULL REFERENCES users(id),
  activity_type text NOT NULL CHECK (activity_type IN ('view', 'click')),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX note_activity_user ON note_activity(client_id, user_id, note_id);

CREATE TABLE note_feedback (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  note_id integer NOT NULL REFERENCES notes(id),
  user_id integer NOT NULL REFERENCES users(id),
  feedback_id text NOT NULL,
  answer text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (note_id, user_id, feedback_id)
);

-- Sign-in throttling is installation-wide (before any tenant is known), so it is not a tenant table.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

-- Row-level security on every tenant table.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['subscription_payments','branches','roles','role_privileges','users','sessions',
    'audit_log','files','cities','categories','units','note_activity','note_feedback'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id())', t);
    -- The owning (migration) role does installation work: sign-in lookup, operator commands.
    EXECUTE format('CREATE POLICY system ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
  EXECUTE format('CREATE POLICY system ON clients TO %I USING (true) WITH CHECK (true)', current_user);
  EXECUTE format('CREATE POLICY system ON notes TO %I USING (true) WITH CHECK (true)', current_user);
END $$;

ALTER TABLE notes ENABLE ROW LEVEL SECURITY;
ALTER TABLE notes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_read ON notes FOR SELECT USING (client_id IS NULL OR client_id = app_client_id());

GRANT USAGE ON SCHEMA public TO ubo_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON clients, branches, roles, role_privileges, users, sessions, files, cities,
  categories, units, note_activity, note_feedback, subscription_payments TO ubo_app;
REVOKE INSERT, DELETE ON clients FROM ubo_app;
REVOKE INSERT, UPDATE, DELETE ON subscription_payments FROM ubo_app;
GRANT SELECT, INSERT ON audit_log TO ubo_app;
GRANT SELECT ON notes TO ubo_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ubo_app;

-- Later migrations' tables and sequences are usable by the application role; each still has to
-- ENABLE and FORCE row-level security (the start-up check refuses to run otherwise).
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ubo_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ubo_app;
