-- User classes (issue 19; the spec's privilege list names "user classes"): kinds of staff (cashier, meter
-- reader, billing officer, accountant, HR officer, ...) each presetting a role and a dashboard. A user has
-- at most one class; the users list filters by it. A class in use cannot be deleted (the foreign key).

CREATE TABLE user_classes (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  description text,
  role_id integer REFERENCES roles(id) ON DELETE SET NULL,
  dashboard text NOT NULL DEFAULT 'general'
    CHECK (dashboard IN ('general', 'cashier', 'meter-reader', 'billing', 'accounts', 'hr')),
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_classes_name ON user_classes(client_id, lower(name));
CREATE UNIQUE INDEX user_classes_client_id_id ON user_classes(client_id, id);

ALTER TABLE users ADD COLUMN user_class_id integer;
ALTER TABLE users ADD FOREIGN KEY (client_id, user_class_id) REFERENCES user_classes(client_id, id);
CREATE INDEX users_user_class ON users(client_id, user_class_id) WHERE user_class_id IS NOT NULL;

SELECT app_tenant_tables('user_classes');
GRANT SELECT, INSERT, UPDATE, DELETE ON user_classes TO ubo_app;
GRANT USAGE ON SEQUENCE user_classes_id_seq TO ubo_app;
