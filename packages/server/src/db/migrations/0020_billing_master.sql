-- Billing master data: zones, tariffs (effective-dated versions with consumption blocks), customers with
-- a gapless customer number, houses and their meters (one installed at a time, history kept).
-- Same-organisation references are composite foreign keys (client_id, x_id) so that no row can point at
-- another organisation's row, whatever a query does; row-level security is ENABLE + FORCE on every table.

-- Targets of the composite foreign keys on foundation tables.
CREATE UNIQUE INDEX IF NOT EXISTS branches_client_id_id ON branches(client_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS users_client_id_id ON users(client_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS cities_client_id_id ON cities(client_id, id);

CREATE TABLE zones (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  branch_id integer NOT NULL,
  description text,
  meter_reader_id integer,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, meter_reader_id) REFERENCES users(client_id, id)
);
CREATE UNIQUE INDEX zones_name ON zones(client_id, lower(name));
CREATE INDEX zones_branch ON zones(client_id, branch_id);

-- Gapless per-organisation numbers of billing documents (customer numbers: series 'C'). The counter
-- row stays locked until the caller's transaction ends, so numbers are neither skipped nor repeated.
CREATE TABLE billing_counters (
  client_id integer NOT NULL REFERENCES clients(id),
  series text NOT NULL,
  next_no bigint NOT NULL CHECK (next_no > 0),
  PRIMARY KEY (client_id, series)
);

CREATE TABLE tariffs (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  customer_class text NOT NULL CHECK (customer_class IN ('residential', 'commercial', 'institutional', 'industrial', 'government')),
  zone_id integer,
  effective_from date NOT NULL,
  -- Last day in force (inclusive); NULL: open-ended.
  effective_to date CHECK (effective_to IS NULL OR effective_to >= effective_from),
  service_charge numeric(14,2) NOT NULL DEFAULT 0 CHECK (service_charge >= 0),
  minimum_charge numeric(14,2) NOT NULL DEFAULT 0 CHECK (minimum_charge >= 0),
  tax_percent numeric(7,4) NOT NULL DEFAULT 0 CHECK (tax_percent BETWEEN 0 AND 100),
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  FOREIGN KEY (client_id, zone_id) REFERENCES zones(client_id, id)
);
CREATE INDEX tariffs_lookup ON tariffs(client_id, customer_class, zone_id, effective_from DESC);

CREATE TABLE tariff_blocks (
  client_id integer NOT NULL REFERENCES clients(id),
  tariff_id integer NOT NULL,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 20),
  from_units numeric(13,3) NOT NULL CHECK (from_units >= 0),
  to_units numeric(13,3) CHECK (to_units IS NULL OR to_units > from_units),
  rate numeric(14,6) NOT NULL CHECK (rate >= 0),
  PRIMARY KEY (tariff_id, position),
  FOREIGN KEY (client_id, tariff_id) REFERENCES tariffs(client_id, id) ON DELETE CASCADE
);

-- Versions of one tariff key (organisation, class, zone or class-wide) are serialised by this lock,
-- taken by the service before it checks and by the trigger below before the database re-checks.
CREATE FUNCTION billing_lock_tariff_key(p_client integer, p_class text, p_zone integer) RETURNS void
LANGUAGE sql VOLATILE AS
$$ SELECT pg_advisory_xact_lock(hashtext('tariff-key'), hashtext(p_client::text || ':' || p_class || ':' || coalesce(p_zone, 0)::text)) $$;

-- No two versions of the same key in force on the same day. (An EXCLUDE constraint would need
-- btree_gist, which embedded PGlite does not load; the lock makes this check race-free instead.)
CREATE FUNCTION tariffs_no_overlap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM billing_lock_tariff_key(NEW.client_id, NEW.customer_class, NEW.zone_id);
  IF EXISTS (
    SELECT 1 FROM tariffs t
    WHERE t.client_id = NEW.client_id AND t.customer_class = NEW.customer_class
      AND t.zone_id IS NOT DISTINCT FROM NEW.zone_id AND t.id <> NEW.id
      AND daterange(t.effective_from, t.effective_to, '[]') && daterange(NEW.effective_from, NEW.effective_to, '[]')
  ) THEN
    RAISE EXCEPTION 'tariff versions overlap' USING ERRCODE = '23P01';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tariffs_no_overlap BEFORE INSERT OR UPDATE OF client_id, customer_class, zone_id, effective_from, effective_to
  ON tariffs FOR EACH ROW EXECUTE FUNCTION tariffs_no_overlap();

CREATE TABLE customers (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  customer_no text NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  phone text NOT NULL,
  email text,
  address text,
  city_id integer,
  customer_class text NOT NULL CHECK (customer_class IN ('residential', 'commercial', 'institutional', 'industrial', 'government')),
  id_type text CHECK (id_type IN ('national_id', 'passport', 'driving_licence', 'business_licence', 'other')),
  id_number text,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive')),
  -- Kept here until the ledger posts it; once posted it is the ledger's and no longer editable.
  opening_balance numeric(14,2) NOT NULL DEFAULT 0,
  opening_balance_posted boolean NOT NULL DEFAULT false,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  UNIQUE (client_id, customer_no),
  CHECK ((id_type IS NULL) = (id_number IS NULL)),
  FOREIGN KEY (client_id, city_id) REFERENCES cities(client_id, id)
);
CREATE INDEX customers_name ON customers(client_id, lower(name), id);
CREATE INDEX customers_filters ON customers(client_id, status, customer_class);
CREATE INDEX customers_city ON customers(client_id, city_id) WHERE city_id IS NOT NULL;

CREATE TABLE houses (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  customer_id integer NOT NULL,
  zone_id integer NOT NULL,
  house_no text,
  address text,
  tariff_class text CHECK (tariff_class IN ('residential', 'commercial', 'institutional', 'industrial', 'government')),
  status text NOT NULL DEFAULT 'Connected' CHECK (status IN ('Connected', 'Disconnected')),
  status_changed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  CHECK (house_no IS NOT NULL OR address IS NOT NULL),
  FOREIGN KEY (client_id, customer_id) REFERENCES customers(client_id, id),
  FOREIGN KEY (client_id, zone_id) REFERENCES zones(client_id, id)
);
CREATE INDEX houses_customer ON houses(client_id, customer_id);
CREATE INDEX houses_zone ON houses(client_id, zone_id, status);
CREATE INDEX houses_house_no ON houses(client_id, lower(house_no) text_pattern_ops) WHERE house_no IS NOT NULL;

-- Every meter a house has had; the installed one has removed_on NULL.
CREATE TABLE meters (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  house_id integer NOT NULL,
  meter_no text NOT NULL CHECK (length(meter_no) BETWEEN 1 AND 40),
  digits smallint NOT NULL CHECK (digits BETWEEN 4 AND 9),
  initial_reading numeric(13,3) NOT NULL CHECK (initial_reading >= 0),
  installed_on date NOT NULL,
  removed_on date,
  final_reading numeric(13,3) CHECK (final_reading >= 0),
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  CHECK ((removed_on IS NULL) = (final_reading IS NULL)),
  CHECK (removed_on IS NULL OR removed_on >= installed_on),
  CHECK (initial_reading < power(10::numeric, digits) AND (final_reading IS NULL OR final_reading < power(10::numeric, digits))),
  FOREIGN KEY (client_id, house_id) REFERENCES houses(client_id, id)
);
-- A meter number is unique in the organisation, over all meters ever installed, so a number always
-- names one meter (CSV import, history). text_pattern_ops also serves prefix search (as a ~>=~ / ~<~
-- range: those operators are leakproof, so the index is used under row-level security; LIKE is not).
CREATE UNIQUE INDEX meters_number ON meters(client_id, lower(meter_no) text_pattern_ops);
CREATE UNIQUE INDEX meters_installed ON meters(house_id) WHERE removed_on IS NULL;
CREATE INDEX meters_house ON meters(client_id, house_id, installed_on);

-- Customer search. The words of a customer's name, number, phone (in every notation) and current meter
-- numbers, one row each, byte-ordered (COLLATE "C") so a prefix is a btree range. Why not GIN or pg_trgm:
-- under row-level security PostgreSQL uses an index only for leakproof operators, and the array and
-- trigram operators are not (text comparison is); pg_trgm is not loadable in embedded PGlite either.
-- source is 0 for the words of the customer's own fields, else the meter the words come from, so a
-- meter change rewrites that meter's words only, however many houses the customer has.
CREATE TABLE customer_search_words (
  client_id integer NOT NULL REFERENCES clients(id),
  customer_id integer NOT NULL,
  word text COLLATE "C" NOT NULL,
  source integer NOT NULL DEFAULT 0,
  PRIMARY KEY (client_id, word, customer_id, source),
  FOREIGN KEY (client_id, customer_id) REFERENCES customers(client_id, id) ON DELETE CASCADE
);
-- Second and later words of a query are checked per candidate customer.
CREATE INDEX customer_search_words_customer ON customer_search_words(customer_id, word);
CREATE INDEX customer_search_words_meter ON customer_search_words(source) WHERE source <> 0;

-- The words of a text: lower case, split on anything that is not a letter or digit, at most 40 characters.
CREATE FUNCTION billing_words(p_text text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT left(w, 40) FROM regexp_split_to_table(lower(coalesce(p_text, '')), '[^[:alnum:]]+') AS w WHERE w <> ''
$$;

-- A code such as a customer or meter number as one word: C-000042 -> c000042.
CREATE FUNCTION billing_compact(p_text text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT left(regexp_replace(lower(coalesce(p_text, '')), '[^[:alnum:]]', '', 'g'), 40)
$$;

-- A phone is found by any way of writing it: national (615123456), local (0615...) or international (252615..., +252...).
CREATE FUNCTION billing_phone_words(p_phone text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN n = '' THEN '' ELSE n || ' 0' || n || ' 252' || n END
  FROM (SELECT regexp_replace(regexp_replace(coalesce(p_phone, ''), '\D', '', 'g'), '^(00252|252|0)', '') AS n) s
$$;

-- The customer's own words: name and phone notations; the number whole (c000042), as digits (000042)
-- and as a number (42). (PL/pgSQL: its statements are planned once per session.)
CREATE FUNCTION billing_refresh_customer_words(p_ids integer[]) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  DELETE FROM customer_search_words WHERE customer_id = ANY(p_ids) AND source = 0;
  INSERT INTO customer_search_words (client_id, customer_id, word, source)
  SELECT DISTINCT c.client_id, c.id, w.word, 0
  FROM customers c
  CROSS JOIN LATERAL (
    SELECT billing_words(c.name || ' ' || billing_phone_words(c.phone)) AS word
    UNION SELECT billing_compact(c.customer_no)
    UNION SELECT regexp_replace(c.customer_no, '\D', '', 'g')
    UNION SELECT regexp_replace(c.customer_no, '^\D*0*', '')
  ) w
  WHERE c.id = ANY(p_ids) AND w.word <> '';
END $$;

-- An installed meter's words for its house's customer: the number whole (mtr0042b) and by its parts
-- (mtr, 0042, b). A removed meter has none.
CREATE FUNCTION billing_refresh_meter_words(p_meter_ids integer[]) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  DELETE FROM customer_search_words WHERE source = ANY(p_meter_ids);
  INSERT INTO customer_search_words (client_id, customer_id, word, source)
  SELECT DISTINCT m.client_id, h.customer_id, w.word, m.id
  FROM meters m
  JOIN houses h ON h.id = m.house_id
  CROSS JOIN LATERAL (SELECT billing_compact(m.meter_no) AS word UNION SELECT billing_words(m.meter_no)) w
  WHERE m.id = ANY(p_meter_ids) AND m.removed_on IS NULL AND w.word <> '';
END $$;

-- New rows are worded once per statement (a bulk insert is one set-based refresh); changes row by row.
CREATE FUNCTION customers_word_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM billing_refresh_customer_words(array(SELECT id FROM inserted));
  RETURN NULL;
END $$;
CREATE TRIGGER customers_word_inserted AFTER INSERT ON customers
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION customers_word_inserted();

CREATE FUNCTION customers_refresh_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM billing_refresh_customer_words(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
CREATE TRIGGER customers_refresh_words AFTER UPDATE OF customer_no, name, phone ON customers
  FOR EACH ROW EXECUTE FUNCTION customers_refresh_words();

CREATE FUNCTION meters_word_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM billing_refresh_meter_words(array(SELECT id FROM inserted));
  RETURN NULL;
END $$;
CREATE TRIGGER meters_word_inserted AFTER INSERT ON meters
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION meters_word_inserted();

CREATE FUNCTION meters_refresh_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM billing_refresh_meter_words(ARRAY[CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END]);
  RETURN NULL;
END $$;
CREATE TRIGGER meters_refresh_words AFTER DELETE OR UPDATE OF meter_no, removed_on, house_id ON meters
  FOR EACH ROW EXECUTE FUNCTION meters_refresh_words();

-- A house moved to another customer takes its meters' words along.
CREATE FUNCTION houses_move_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.customer_id IS DISTINCT FROM OLD.customer_id THEN
    UPDATE customer_search_words SET customer_id = NEW.customer_id
    WHERE source IN (SELECT m.id FROM meters m WHERE m.house_id = NEW.id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER houses_move_words AFTER UPDATE OF customer_id ON houses
  FOR EACH ROW EXECUTE FUNCTION houses_move_words();

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['zones', 'billing_counters', 'tariffs', 'tariff_blocks', 'customers', 'customer_search_words', 'houses', 'meters'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id())', t);
    EXECUTE format('CREATE POLICY system ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
END $$;

-- Counters only grow; meters are history (a replacement closes one, nothing deletes it).
REVOKE DELETE, TRUNCATE ON billing_counters, meters FROM ubo_app;
