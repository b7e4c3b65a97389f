-- Settings basics: the company profile's images belong to the same organisation, the tenant may edit
-- its profile but never its sign-in code or subscription, and the log sheet filters by user quickly.

-- A logo or signature must be one of the organisation's own files; deleting the file clears it.
CREATE UNIQUE INDEX files_client_id_id ON files(client_id, id);
ALTER TABLE clients ADD CONSTRAINT clients_logo_file FOREIGN KEY (id, logo_file_id)
  REFERENCES files(client_id, id) ON DELETE SET NULL (logo_file_id);
ALTER TABLE clients ADD CONSTRAINT clients_signature_file FOREIGN KEY (id, signature_file_id)
  REFERENCES files(client_id, id) ON DELETE SET NULL (signature_file_id);

-- ubo_app may UPDATE its own clients row (row-level security) to edit the profile; the sign-in code,
-- the subscription and the identity stay the operator's, whatever a future query tries.
CREATE FUNCTION clients_tenant_update_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_user = 'ubo_app' AND (
       NEW.id IS DISTINCT FROM OLD.id
    OR NEW.code IS DISTINCT FROM OLD.code
    OR NEW.subscription_expires_on IS DISTINCT FROM OLD.subscription_expires_on
    OR NEW.created_at IS DISTINCT FROM OLD.created_at) THEN
    RAISE EXCEPTION 'clients: code and subscription are changed by the operator only' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER clients_tenant_update_guard BEFORE UPDATE ON clients
  FOR EACH ROW EXECUTE FUNCTION clients_tenant_update_guard();

-- Log sheet filtered by user, newest first.
CREATE INDEX audit_log_client_user_at ON audit_log(client_id, user_id, at DESC);

-- The log sheet stays append-only: 0001 refuses UPDATE and DELETE row by row; TRUNCATE, which skips
-- row triggers, is refused as well.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();
