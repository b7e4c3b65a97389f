-- The row-level-security block every tenant table repeated (ENABLE, FORCE, policy tenant, policy system),
-- as one call in a migration:
--
--   SELECT app_tenant_tables('vendor_bills', 'vendor_bill_lines');
--
-- For each table: row-level security enabled and forced (the owner obeys it too), policy `tenant`
-- (client_id = app_client_id(), for reading and writing) and policy `system` for the role running the
-- migrations (installation work: sign-in lookup, operator commands). A table that already has a policy
-- of that name keeps it, so calling it twice is harmless. Grants stay with the table's migration: what
-- ubo_app may do differs from table to table (documents are never deleted, logs never updated).
CREATE OR REPLACE FUNCTION app_tenant_tables(VARIADIC tables text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY tables LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = t AND policyname = 'tenant') THEN
      EXECUTE format('CREATE POLICY tenant ON %I USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id())', t);
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = t AND policyname = 'system') THEN
      EXECUTE format('CREATE POLICY system ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
    END IF;
  END LOOP;
END $$;

-- Schema work, for migrations only: the application role may not call it (it owns no table anyway).
REVOKE EXECUTE ON FUNCTION app_tenant_tables(text[]) FROM PUBLIC;
