-- Help centre (issue 17): tickets from an organisation's staff to the installation's support team, and
-- the installation's operators who answer them.
--
-- Operators belong to the installation, not to an organisation: `operators` and `operator_sessions` have
-- no client_id and the application role ubo_app may not touch them at all (operator routes and the
-- command line run as the installation, inSystem). An operator's token is signed with a key of its own
-- (plugins/auth.ts), so it never opens a tenant route and a staff token never opens an operator route.
--
-- A ticket: subject, description, category, priority, status Open -> Answered (an operator replied) ->
-- Open again when staff write back, Closed by staff or an operator. Staff may delete a ticket only while
-- it is Open and nobody from support has answered (its messages and attachments go with it); after
-- that it is closed, never deleted. The thread is `ticket_messages` (author staff or operator, the
-- author's name kept on the message: staff cannot read the operators table). Attachments are rows of
-- `files` linked by `ticket_files`, with the journal attachments' rules.

CREATE TABLE operators (
  id serial PRIMARY KEY,
  username text NOT NULL UNIQUE CHECK (username ~ '^[a-z0-9._-]{3,40}$'),
  fullname text NOT NULL CHECK (length(fullname) BETWEEN 1 AND 120),
  password_hash text NOT NULL,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Disabled')),
  token_version integer NOT NULL DEFAULT 0,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE operator_sessions (
  id uuid PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators(id),
  token_version integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text
);
CREATE INDEX operator_sessions_operator ON operator_sessions(operator_id);

REVOKE ALL ON operators, operator_sessions FROM ubo_app;
REVOKE ALL ON SEQUENCE operators_id_seq FROM ubo_app;

CREATE TABLE tickets (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 5000),
  category text NOT NULL CHECK (category IN ('bug', 'question', 'request')),
  priority text NOT NULL CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  status text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Answered', 'Closed')),
  created_by integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The last operator reply, and when the ticket's author last read the ticket (the bell's "answered").
  answered_at timestamptz,
  author_seen_at timestamptz,
  closed_at timestamptz,
  closed_by_name text,
  UNIQUE (client_id, id),
  CHECK ((status = 'Closed') = (closed_at IS NOT NULL)),
  CHECK (status <> 'Answered' OR answered_at IS NOT NULL),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX tickets_list ON tickets(client_id, created_at, id);
CREATE INDEX tickets_open ON tickets(status, updated_at) WHERE status <> 'Closed';
CREATE INDEX tickets_author ON tickets(client_id, created_by) WHERE status = 'Answered';

CREATE TABLE ticket_messages (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  ticket_id bigint NOT NULL,
  author_kind text NOT NULL CHECK (author_kind IN ('staff', 'operator')),
  user_id integer,
  operator_id integer REFERENCES operators(id),
  author_name text NOT NULL CHECK (length(author_name) BETWEEN 1 AND 120),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((author_kind = 'staff') = (user_id IS NOT NULL)),
  CHECK ((author_kind = 'operator') = (operator_id IS NOT NULL)),
  FOREIGN KEY (client_id, ticket_id) REFERENCES tickets(client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, user_id) REFERENCES users(client_id, id)
);
CREATE INDEX ticket_messages_ticket ON ticket_messages(client_id, ticket_id, id);

CREATE TABLE ticket_files (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  ticket_id bigint NOT NULL,
  file_id uuid NOT NULL UNIQUE,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  FOREIGN KEY (client_id, ticket_id) REFERENCES tickets(client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, file_id) REFERENCES files(client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX ticket_files_ticket ON ticket_files(client_id, ticket_id, id);

SELECT app_tenant_tables('tickets', 'ticket_messages', 'ticket_files');

-- Messages are the record of the conversation: never edited (they go only with their deleted ticket).
REVOKE UPDATE, TRUNCATE ON ticket_messages FROM ubo_app;
