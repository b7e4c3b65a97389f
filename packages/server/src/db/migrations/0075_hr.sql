-- HR, first part (issue 16): the organisation's HR reference lists, employees with their effective-dated
-- salary history and recurring allowances, leave requests and the HRM settings (pay period, working days,
-- effective-dated progressive tax brackets, payroll accounts). Payroll runs, loans, advances and
-- adjustments build on these tables later: an employee is party type 'employee' of the open items and the
-- journal lines (party_id = employees.id).

-- Reference lists: a name unique per organisation, a description, Active or Inactive.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['hr_departments', 'hr_sub_sections', 'hr_job_titles', 'hr_duties', 'hr_duty_stations',
    'hr_institutions', 'hr_faculties', 'hr_bank_types', 'hr_allowance_types', 'hr_bonus_types', 'hr_deduction_types',
    'hr_leave_types'] LOOP
    EXECUTE format($f$
      CREATE TABLE %1$I (
        id serial PRIMARY KEY,
        client_id integer NOT NULL REFERENCES clients(id),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        description text CHECK (description IS NULL OR length(description) <= 1000),
        status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (client_id, id)
      );
      CREATE UNIQUE INDEX %1$s_name ON %1$I (client_id, lower(name));
    $f$, t);
  END LOOP;
END $$;

-- A sub-section belongs to one department.
ALTER TABLE hr_sub_sections ADD COLUMN department_id integer NOT NULL;
ALTER TABLE hr_sub_sections ADD FOREIGN KEY (client_id, department_id) REFERENCES hr_departments(client_id, id);
CREATE UNIQUE INDEX hr_sub_sections_department ON hr_sub_sections(client_id, department_id, id);
-- Whether an allowance or a bonus of the type is taxed (the HRM settings page sets it for allowances).
ALTER TABLE hr_allowance_types ADD COLUMN is_taxable boolean NOT NULL DEFAULT true;
ALTER TABLE hr_bonus_types ADD COLUMN is_taxable boolean NOT NULL DEFAULT true;
-- Days a year an employee accrues, and whether the leave is paid (unpaid leave reduces pay pro rata).
ALTER TABLE hr_leave_types ADD COLUMN days_per_year numeric(5,1) NOT NULL DEFAULT 0 CHECK (days_per_year BETWEEN 0 AND 366);
ALTER TABLE hr_leave_types ADD COLUMN is_paid boolean NOT NULL DEFAULT true;

CREATE TABLE employees (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  number text NOT NULL CHECK (length(number) BETWEEN 1 AND 30),
  first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 80),
  middle_name text CHECK (middle_name IS NULL OR length(middle_name) <= 80),
  last_name text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 80),
  sex text NOT NULL CHECK (sex IN ('male', 'female')),
  date_of_birth date,
  phone text,
  email text,
  address text,
  id_type text CHECK (id_type IN ('national-id', 'passport', 'driving-licence', 'other')),
  id_number text CHECK (id_number IS NULL OR length(id_number) <= 60),
  photo_file_id uuid REFERENCES files(id),
  emergency_name text,
  emergency_phone text,
  emergency_relation text,
  hire_date date NOT NULL,
  department_id integer NOT NULL,
  sub_section_id integer,
  job_title_id integer NOT NULL,
  duty_id integer,
  duty_station_id integer,
  institution_id integer,
  faculty_id integer,
  employment_type text NOT NULL CHECK (employment_type IN ('permanent', 'contract', 'temporary', 'part-time', 'intern')),
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'OnLeave', 'Suspended', 'Terminated')),
  terminated_on date,
  termination_reason text,
  payment_method text NOT NULL CHECK (payment_method IN ('cash', 'bank', 'mobile')),
  bank_type_id integer,
  bank_account text,
  mobile_number text,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  CHECK ((status = 'Terminated') = (terminated_on IS NOT NULL AND termination_reason IS NOT NULL)),
  CHECK (terminated_on IS NULL OR terminated_on >= hire_date),
  CHECK (payment_method <> 'bank' OR (bank_type_id IS NOT NULL AND bank_account IS NOT NULL)),
  CHECK (payment_method <> 'mobile' OR mobile_number IS NOT NULL),
  FOREIGN KEY (client_id, department_id) REFERENCES hr_departments(client_id, id),
  FOREIGN KEY (client_id, department_id, sub_section_id) REFERENCES hr_sub_sections(client_id, department_id, id),
  FOREIGN KEY (client_id, job_title_id) REFERENCES hr_job_titles(client_id, id),
  FOREIGN KEY (client_id, duty_id) REFERENCES hr_duties(client_id, id),
  FOREIGN KEY (client_id, duty_station_id) REFERENCES hr_duty_stations(client_id, id),
  FOREIGN KEY (client_id, institution_id) REFERENCES hr_institutions(client_id, id),
  FOREIGN KEY (client_id, faculty_id) REFERENCES hr_faculties(client_id, id),
  FOREIGN KEY (client_id, bank_type_id) REFERENCES hr_bank_types(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE UNIQUE INDEX employees_number ON employees(client_id, lower(number));
CREATE INDEX employees_name ON employees(client_id, lower(first_name), lower(last_name));
CREATE INDEX employees_department ON employees(client_id, department_id);

-- Basic salary history: each row holds from its date until the next row's date. Rows are never changed
-- or removed (a raise is a new row dated after the latest), so a past month always prices as it was.
CREATE TABLE employee_salaries (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  employee_id integer NOT NULL,
  effective_from date NOT NULL,
  basic numeric(14,2) NOT NULL CHECK (basic > 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'SOS')),
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  UNIQUE (client_id, employee_id, effective_from),
  FOREIGN KEY (client_id, employee_id) REFERENCES employees(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);

-- Recurring allowances: an amount a month from a date, until an end date (or open). One type at a time per
-- employee: periods of the same type never overlap. Only the end date is ever set afterwards.
CREATE TABLE employee_allowances (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  employee_id integer NOT NULL,
  allowance_type_id integer NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  effective_from date NOT NULL,
  effective_to date,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_by integer,
  ended_at timestamptz,
  UNIQUE (client_id, id),
  CHECK (effective_to IS NULL OR effective_to >= effective_from),
  FOREIGN KEY (client_id, employee_id) REFERENCES employees(client_id, id),
  FOREIGN KEY (client_id, allowance_type_id) REFERENCES hr_allowance_types(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, ended_by) REFERENCES users(client_id, id)
);
CREATE INDEX employee_allowances_employee ON employee_allowances(client_id, employee_id, effective_from);

-- Leave requests: Pending -> Approved or Rejected; Pending or Approved -> Cancelled. `days` are the working
-- days in the range (HRM settings); `is_paid` is the type's at the time, so payroll reduces pay for unpaid days.
CREATE TABLE leave_requests (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  employee_id integer NOT NULL,
  leave_type_id integer NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  days numeric(5,1) NOT NULL CHECK (days > 0),
  is_paid boolean NOT NULL,
  reason text CHECK (reason IS NULL OR length(reason) <= 1000),
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Approved', 'Rejected', 'Cancelled')),
  decided_by integer,
  decided_at timestamptz,
  decision_note text CHECK (decision_note IS NULL OR length(decision_note) <= 500),
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  CHECK (end_date >= start_date AND date_part('year', end_date) = date_part('year', start_date)),
  CHECK (status <> 'Rejected' OR decision_note IS NOT NULL),
  FOREIGN KEY (client_id, employee_id) REFERENCES employees(client_id, id),
  FOREIGN KEY (client_id, leave_type_id) REFERENCES hr_leave_types(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, decided_by) REFERENCES users(client_id, id)
);
CREATE INDEX leave_requests_employee ON leave_requests(client_id, employee_id, start_date);

-- HRM settings: one row per organisation, written on first read with the default chart's accounts.
CREATE TABLE hr_settings (
  client_id integer PRIMARY KEY REFERENCES clients(id),
  pay_period text NOT NULL DEFAULT 'monthly' CHECK (pay_period IN ('monthly')),
  pay_day integer NOT NULL DEFAULT 28 CHECK (pay_day BETWEEN 1 AND 31),
  -- ISO weekdays (1 Monday .. 7 Sunday) that are working days; the Somali week runs Saturday to Thursday.
  working_days integer[] NOT NULL DEFAULT '{1,2,3,4,6,7}' CHECK (cardinality(working_days) BETWEEN 1 AND 7 AND working_days <@ '{1,2,3,4,5,6,7}'),
  rounding numeric(6,2) NOT NULL DEFAULT 0.01 CHECK (rounding IN (0.01, 0.05, 0.10, 0.50, 1, 5, 10)),
  salary_expense_account_id integer NOT NULL,
  allowance_expense_account_id integer NOT NULL,
  tax_payable_account_id integer NOT NULL,
  net_pay_payable_account_id integer NOT NULL,
  loans_account_id integer NOT NULL,
  advances_account_id integer NOT NULL,
  updated_by integer,
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (client_id, salary_expense_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, allowance_expense_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, tax_payable_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, net_pay_payable_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, loans_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, advances_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, updated_by) REFERENCES users(client_id, id)
);

-- The income tax rule: from its date until the next rule's date, progressive brackets: each bracket's rate
-- (percent) taxes the monthly taxable pay above its lower bound up to the next bracket's lower bound.
CREATE TABLE hr_tax_rules (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  effective_from date NOT NULL,
  note text CHECK (note IS NULL OR length(note) <= 500),
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  UNIQUE (client_id, effective_from),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE TABLE hr_tax_brackets (
  client_id integer NOT NULL REFERENCES clients(id),
  rule_id integer NOT NULL,
  lower_bound numeric(14,2) NOT NULL CHECK (lower_bound >= 0),
  rate numeric(5,2) NOT NULL CHECK (rate BETWEEN 0 AND 100),
  PRIMARY KEY (client_id, rule_id, lower_bound),
  FOREIGN KEY (client_id, rule_id) REFERENCES hr_tax_rules(client_id, id) ON DELETE CASCADE
);

SELECT app_tenant_tables('hr_departments', 'hr_sub_sections', 'hr_job_titles', 'hr_duties', 'hr_duty_stations',
  'hr_institutions', 'hr_faculties', 'hr_bank_types', 'hr_allowance_types', 'hr_bonus_types', 'hr_deduction_types',
  'hr_leave_types', 'employees', 'employee_salaries', 'employee_allowances', 'leave_requests', 'hr_settings',
  'hr_tax_rules', 'hr_tax_brackets');

-- Employees are terminated, never deleted (they are parties of the books); salary rows are history; an
-- allowance is ended; a leave request is cancelled.
REVOKE DELETE, TRUNCATE ON employees, employee_salaries, employee_allowances, leave_requests, hr_settings FROM ubo_app;
REVOKE UPDATE ON employee_salaries FROM ubo_app;
