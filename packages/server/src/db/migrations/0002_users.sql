-- Users module: the lookups by role (a role's user count in the roles list, the "role in use" check
-- before a delete, the users list filtered by role) use an index instead of scanning the organisation's users.
CREATE INDEX users_role ON users(client_id, role_id) WHERE role_id IS NOT NULL;
