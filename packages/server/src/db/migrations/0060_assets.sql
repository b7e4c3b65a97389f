-- Fixed assets (issue 15): asset categories (defaults and the four accounts an asset posts to), the asset
-- register, the organisation's asset settings, purchases of assets (on credit: a payable open item of the
-- vendor; for cash: from a money account), monthly depreciation runs and their lines, disposals and
-- transfers between branches or custodians (the history). Every money movement is a journal entry through
-- the ledger door in the document's transaction; the register's figures equal the asset accounts' balances
-- (test/asset-invariant.ts).

-- Accounts the categories post to that the default chart lacked: IT equipment and the gain or loss on
-- disposal (income: a gain credits it, a loss debits it). New organisations get them from the default chart.
INSERT INTO accounts (client_id, code, name_en, name_so, type, subtype, currency, is_system)
SELECT c.id, x.code, x.name_en, x.name_so, x.type, x.subtype, coalesce(c.currency, 'USD'), x.is_system
FROM clients c
CROSS JOIN (VALUES
  ('1470', 'IT equipment', 'Qalabka teknoolajiyada macluumaadka', 'asset', 'fixed_asset', false),
  ('4910', 'Gain or loss on disposal of assets', 'Faa''iidada ama khasaaraha iibinta hantida', 'income', 'other_income', true)
) AS x(code, name_en, name_so, type, subtype, is_system)
WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.client_id = c.id)
ON CONFLICT (client_id, code) DO NOTHING;
UPDATE accounts child SET parent_id = parent.id, updated_at = now()
FROM accounts parent
WHERE child.code = '1470' AND child.parent_id IS NULL AND parent.client_id = child.client_id AND parent.code = '1400';

CREATE TABLE asset_categories (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 120),
  name_so text CHECK (name_so IS NULL OR length(name_so) <= 120),
  -- Defaults a new asset of the category takes (each asset keeps its own copy).
  useful_life_months integer NOT NULL CHECK (useful_life_months BETWEEN 1 AND 1200),
  method text NOT NULL CHECK (method IN ('straight-line', 'declining-balance')),
  -- Declining balance: the yearly rate in percent of the net book value.
  rate numeric(7,4) CHECK (rate IS NULL OR (rate > 0 AND rate <= 100)),
  salvage_percent numeric(5,2) NOT NULL DEFAULT 0 CHECK (salvage_percent BETWEEN 0 AND 100),
  cost_account_id integer NOT NULL,
  accumulated_account_id integer NOT NULL,
  expense_account_id integer NOT NULL,
  disposal_account_id integer NOT NULL,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  CHECK ((method = 'declining-balance') = (rate IS NOT NULL)),
  FOREIGN KEY (client_id, cost_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, accumulated_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, expense_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, disposal_account_id) REFERENCES accounts(client_id, id)
);
CREATE UNIQUE INDEX asset_categories_name ON asset_categories(client_id, lower(name_en));

CREATE TABLE asset_settings (
  client_id integer PRIMARY KEY REFERENCES clients(id),
  -- A depreciation run posts one entry per category, or one per asset.
  entry_per text NOT NULL DEFAULT 'category' CHECK (entry_per IN ('category', 'asset')),
  -- The month depreciation starts in: a full month, nothing, or the days from the start date on.
  first_month text NOT NULL DEFAULT 'full' CHECK (first_month IN ('full', 'none', 'pro-rata')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE asset_purchases (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  number text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('credit', 'cash')),
  vendor_id integer,
  account_id integer,
  date date NOT NULL,
  due_date date NOT NULL,
  reference text CHECK (reference IS NULL OR length(reference) <= 60),
  total numeric(16,2) NOT NULL CHECK (total > 0),
  journal_entry_id bigint NOT NULL,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  UNIQUE (client_id, number),
  CHECK ((kind = 'credit') = (vendor_id IS NOT NULL) AND (kind = 'cash') = (account_id IS NOT NULL)),
  FOREIGN KEY (client_id, vendor_id) REFERENCES vendors(client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, journal_entry_id) REFERENCES journal_entries(client_id, id)
);

CREATE TABLE assets (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  tag text NOT NULL CHECK (length(tag) BETWEEN 1 AND 40),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 160),
  category_id integer NOT NULL,
  branch_id integer NOT NULL,
  custodian text CHECK (custodian IS NULL OR length(custodian) <= 120),
  location text CHECK (location IS NULL OR length(location) <= 160),
  serial_no text CHECK (serial_no IS NULL OR length(serial_no) <= 80),
  acquisition_date date NOT NULL,
  cost numeric(14,2) NOT NULL CHECK (cost > 0),
  salvage_value numeric(14,2) NOT NULL DEFAULT 0 CHECK (salvage_value >= 0),
  useful_life_months integer NOT NULL CHECK (useful_life_months BETWEEN 1 AND 1200),
  method text NOT NULL CHECK (method IN ('straight-line', 'declining-balance')),
  rate numeric(7,4) CHECK (rate IS NULL OR (rate > 0 AND rate <= 100)),
  depreciation_start date NOT NULL,
  -- Brought in from an older system: what was depreciated before (posted against opening equity).
  opening_accumulated numeric(14,2) NOT NULL DEFAULT 0 CHECK (opening_accumulated >= 0),
  -- Depreciation posted by this system's runs (kept with each run and its reversal).
  depreciated numeric(14,2) NOT NULL DEFAULT 0 CHECK (depreciated >= 0),
  -- How it entered the books: registered (against opening equity) or bought (a purchase).
  source text NOT NULL CHECK (source IN ('register', 'purchase')),
  purchase_id integer,
  -- The date of the entry that brought it into the books.
  recorded_on date NOT NULL,
  journal_entry_id bigint NOT NULL,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Disposed')),
  disposed_on date,
  notes text CHECK (notes IS NULL OR length(notes) <= 1000),
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  CHECK ((method = 'declining-balance') = (rate IS NOT NULL)),
  CHECK (salvage_value + opening_accumulated <= cost),
  -- Never depreciated below salvage.
  CHECK (opening_accumulated + depreciated <= cost - salvage_value),
  CHECK ((status = 'Disposed') = (disposed_on IS NOT NULL)),
  CHECK ((source = 'purchase') = (purchase_id IS NOT NULL)),
  FOREIGN KEY (client_id, category_id) REFERENCES asset_categories(client_id, id),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, purchase_id) REFERENCES asset_purchases(client_id, id),
  FOREIGN KEY (client_id, journal_entry_id) REFERENCES journal_entries(client_id, id)
);
CREATE UNIQUE INDEX assets_tag ON assets(client_id, lower(tag));
CREATE INDEX assets_category ON assets(client_id, category_id, id);
CREATE INDEX assets_purchase ON assets(client_id, purchase_id) WHERE purchase_id IS NOT NULL;

CREATE TABLE asset_depreciation_runs (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  -- The month depreciated (its first day); the entries are dated its last day.
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  status text NOT NULL DEFAULT 'posted' CHECK (status IN ('posted', 'reversed')),
  entry_ids bigint[] NOT NULL,
  reversal_entry_ids bigint[],
  total numeric(16,2) NOT NULL,
  asset_count integer NOT NULL,
  job_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  reversed_by integer,
  reversed_at timestamptz,
  UNIQUE (client_id, id),
  CHECK ((status = 'reversed') = (reversed_at IS NOT NULL))
);
-- Idempotent per month: one posted run of a month, whoever asks twice.
CREATE UNIQUE INDEX asset_depreciation_runs_month ON asset_depreciation_runs(client_id, month) WHERE status = 'posted';

CREATE TABLE asset_depreciation_lines (
  client_id integer NOT NULL REFERENCES clients(id),
  run_id integer NOT NULL,
  asset_id integer NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  journal_entry_id bigint NOT NULL,
  PRIMARY KEY (run_id, asset_id),
  FOREIGN KEY (client_id, run_id) REFERENCES asset_depreciation_runs(client_id, id),
  FOREIGN KEY (client_id, asset_id) REFERENCES assets(client_id, id)
);
CREATE INDEX asset_depreciation_lines_asset ON asset_depreciation_lines(client_id, asset_id, run_id);

CREATE TABLE asset_disposals (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  asset_id integer NOT NULL,
  date date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('sale', 'write-off')),
  proceeds numeric(14,2) NOT NULL DEFAULT 0 CHECK (proceeds >= 0),
  account_id integer,
  cost numeric(14,2) NOT NULL,
  accumulated numeric(14,2) NOT NULL,
  -- Proceeds less net book value: positive a gain, negative a loss.
  gain_loss numeric(15,2) NOT NULL,
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  journal_entry_id bigint NOT NULL,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, asset_id),
  CHECK ((kind = 'sale') = (account_id IS NOT NULL)),
  CHECK (kind = 'sale' OR proceeds = 0),
  FOREIGN KEY (client_id, asset_id) REFERENCES assets(client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, journal_entry_id) REFERENCES journal_entries(client_id, id)
);

CREATE TABLE asset_transfers (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  asset_id integer NOT NULL,
  date date NOT NULL,
  from_branch_id integer NOT NULL,
  to_branch_id integer NOT NULL,
  from_custodian text,
  to_custodian text CHECK (to_custodian IS NULL OR length(to_custodian) <= 120),
  from_location text,
  to_location text CHECK (to_location IS NULL OR length(to_location) <= 160),
  note text CHECK (note IS NULL OR length(note) <= 500),
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (client_id, asset_id) REFERENCES assets(client_id, id),
  FOREIGN KEY (client_id, from_branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, to_branch_id) REFERENCES branches(client_id, id)
);
CREATE INDEX asset_transfers_asset ON asset_transfers(client_id, asset_id, date, id);

SELECT app_tenant_tables('asset_categories', 'asset_settings', 'asset_purchases', 'assets', 'asset_depreciation_runs',
  'asset_depreciation_lines', 'asset_disposals', 'asset_transfers');

-- Documents and history are never deleted: a run is reversed, a disposal is final, a transfer is history.
REVOKE DELETE, TRUNCATE ON asset_categories, asset_settings, asset_purchases, assets, asset_depreciation_runs,
  asset_depreciation_lines, asset_disposals, asset_transfers FROM ubo_app;
REVOKE UPDATE ON asset_depreciation_lines, asset_disposals, asset_transfers, asset_purchases FROM ubo_app;

-- The default categories of an organisation, on the default chart's accounts (skipped where an account is
-- missing). Called for every organisation below and, through the trigger, when a new one gets its chart.
CREATE OR REPLACE FUNCTION asset_default_categories(org integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO asset_categories (client_id, name_en, name_so, useful_life_months, method, rate, salvage_percent,
    cost_account_id, accumulated_account_id, expense_account_id, disposal_account_id)
  SELECT org, x.name_en, x.name_so, x.life, x.method, x.rate, x.salvage, cost.id, acc.id, exp.id, disp.id
  FROM (VALUES
    ('Buildings', 'Dhismayaal', 480, 'straight-line', NULL::numeric, 0::numeric, '1410'),
    ('Transformers', 'Beddelayaasha korontada', 240, 'straight-line', NULL, 5, '1420'),
    ('Power and water network', 'Shabakadda korontada iyo biyaha', 300, 'straight-line', NULL, 0, '1430'),
    ('Meters', 'Mitirada', 120, 'straight-line', NULL, 0, '1440'),
    ('Vehicles', 'Gaadiid', 60, 'declining-balance', 40, 10, '1450'),
    ('Furniture and office equipment', 'Alaab iyo qalab xafiis', 84, 'straight-line', NULL, 5, '1460'),
    ('IT equipment', 'Qalabka teknoolajiyada', 36, 'straight-line', NULL, 0, '1470')
  ) AS x(name_en, name_so, life, method, rate, salvage, cost_code)
  JOIN accounts cost ON cost.client_id = org AND cost.code = x.cost_code
  JOIN accounts acc ON acc.client_id = org AND acc.code = '1490'
  JOIN accounts exp ON exp.client_id = org AND exp.code = '6200'
  JOIN accounts disp ON disp.client_id = org AND disp.code = '4910'
  ON CONFLICT (client_id, lower(name_en)) DO NOTHING;
  INSERT INTO asset_settings (client_id) VALUES (org) ON CONFLICT DO NOTHING;
$$;
REVOKE EXECUTE ON FUNCTION asset_default_categories(integer) FROM PUBLIC;

SELECT asset_default_categories(c.id) FROM clients c WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.client_id = c.id);

-- A new organisation's chart ends with its ledger settings row (seedDefaultChart): its categories follow.
CREATE OR REPLACE FUNCTION asset_categories_for_new_chart() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM asset_default_categories(NEW.client_id);
  RETURN NULL;
END $$;
REVOKE EXECUTE ON FUNCTION asset_categories_for_new_chart() FROM PUBLIC;
CREATE TRIGGER ledger_settings_asset_categories AFTER INSERT ON ledger_settings
  FOR EACH ROW EXECUTE FUNCTION asset_categories_for_new_chart();
