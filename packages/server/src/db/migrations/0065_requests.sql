-- Staff requests (issue 15, /requests): a request for money or goods by a requester for a branch and
-- department, with lines or one amount. Draft -> Submitted (gapless reference REQ-<year>-nnnnn per
-- organisation and year, from the ledger's document counters, series 'REQ-<year>') -> FirstApproved ->
-- Approved -> Fulfilled, or Rejected at either step with a reason; each step keeps who and when. An
-- approved request becomes a purchase order or a purchase (their request_id), once: a cancelled purchase
-- or order gives it back (Approved again). Nobody acts on their own request (checked by the service and
-- by the CHECKs below). Requests are never deleted; a draft's lines are replaced when it is edited.

CREATE TABLE requests (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  type text NOT NULL CHECK (type IN ('purchase', 'expense', 'cash-advance', 'repair', 'other')),
  status text NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Submitted', 'FirstApproved', 'Approved', 'Rejected', 'Fulfilled')),
  requester_id integer NOT NULL,
  branch_id integer NOT NULL,
  department text CHECK (department IS NULL OR length(department) BETWEEN 1 AND 120),
  purpose text NOT NULL CHECK (length(purpose) BETWEEN 1 AND 1000),
  needed_by date,
  -- The amount asked for: the lines' sum, or the one amount of a request without lines.
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  ref_year smallint,
  ref_no integer CHECK (ref_no > 0),
  submitted_at timestamptz,
  first_approved_by integer,
  first_approved_at timestamptz,
  approved_by integer,
  approved_at timestamptz,
  rejected_by integer,
  rejected_at timestamptz,
  rejected_stage text CHECK (rejected_stage IN ('first', 'final')),
  rejection_reason text CHECK (rejection_reason IS NULL OR length(rejection_reason) BETWEEN 1 AND 500),
  fulfilled_by integer,
  fulfilled_at timestamptz,
  fulfilled_kind text CHECK (fulfilled_kind IN ('purchase-order', 'bill', 'cash')),
  fulfilled_id bigint,
  fulfilled_number text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  UNIQUE (client_id, ref_year, ref_no),
  CHECK ((ref_no IS NULL) = (status = 'Draft')),
  CHECK ((ref_no IS NULL) = (ref_year IS NULL)),
  CHECK ((status = 'Rejected') = (rejected_at IS NOT NULL AND rejection_reason IS NOT NULL)),
  CHECK ((status = 'Fulfilled') = (fulfilled_at IS NOT NULL)),
  CHECK (status NOT IN ('FirstApproved', 'Approved', 'Fulfilled') OR first_approved_at IS NOT NULL),
  CHECK (status NOT IN ('Approved', 'Fulfilled') OR approved_at IS NOT NULL),
  -- Nobody approves or rejects their own request.
  CHECK (first_approved_by IS DISTINCT FROM requester_id AND approved_by IS DISTINCT FROM requester_id AND rejected_by IS DISTINCT FROM requester_id),
  FOREIGN KEY (client_id, requester_id) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, first_approved_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, approved_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, rejected_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, fulfilled_by) REFERENCES users(client_id, id)
);
CREATE INDEX requests_created ON requests(client_id, created_at, id);
CREATE INDEX requests_requester ON requests(client_id, requester_id, created_at);
CREATE INDEX requests_waiting ON requests(client_id, status, submitted_at) WHERE status IN ('Submitted', 'FirstApproved');

CREATE TABLE request_lines (
  client_id integer NOT NULL REFERENCES clients(id),
  request_id bigint NOT NULL,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 50),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 300),
  quantity numeric(16,3) NOT NULL CHECK (quantity > 0),
  unit_amount numeric(14,2) NOT NULL CHECK (unit_amount >= 0),
  amount numeric(18,2) NOT NULL,
  PRIMARY KEY (request_id, position),
  FOREIGN KEY (client_id, request_id) REFERENCES requests(client_id, id)
);

-- What an approved request became.
ALTER TABLE purchase_orders ADD COLUMN request_id bigint;
ALTER TABLE purchase_orders ADD FOREIGN KEY (client_id, request_id) REFERENCES requests(client_id, id);
CREATE INDEX purchase_orders_request ON purchase_orders(client_id, request_id) WHERE request_id IS NOT NULL;
ALTER TABLE purchases ADD COLUMN request_id bigint;
ALTER TABLE purchases ADD FOREIGN KEY (client_id, request_id) REFERENCES requests(client_id, id);
CREATE INDEX purchases_request ON purchases(client_id, request_id) WHERE request_id IS NOT NULL;

SELECT app_tenant_tables('requests', 'request_lines');

REVOKE DELETE, TRUNCATE ON requests FROM ubo_app;
