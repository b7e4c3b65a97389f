-- Meter readings: one per house per billing period (plus, in the period of a meter replacement, the old
-- meter's final reading). Consumption and flags are computed by the service and stored with the
-- baseline they were computed from, so a bill can always say which two readings it charged.
-- billed_bill_id is set by the bill run; a billed reading is frozen (trigger below).

CREATE TABLE meter_readings (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  house_id integer NOT NULL,
  meter_id integer NOT NULL,
  period text NOT NULL CHECK (period ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  reading_date date NOT NULL,
  type text NOT NULL CHECK (type IN ('regular', 'estimated', 'correction', 'final')),
  previous_reading numeric(13,3) NOT NULL CHECK (previous_reading >= 0),
  previous_date date NOT NULL,
  current_reading numeric(13,3) NOT NULL CHECK (current_reading >= 0),
  -- Negative only for a correction below the previous reading (a credit the bill run must handle).
  consumption numeric(14,3) NOT NULL CHECK (consumption >= 0 OR type = 'correction'),
  is_rollover boolean NOT NULL DEFAULT false,
  flags text[] NOT NULL DEFAULT '{}' CHECK (flags <@ ARRAY['zero', 'spike', 'negative', 'rollover']::text[]),
  confirmed_by integer,
  confirmed_at timestamptz,
  note text,
  billed_bill_id bigint,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  CHECK (reading_date >= previous_date),
  CHECK ((confirmed_by IS NULL) = (confirmed_at IS NULL)),
  FOREIGN KEY (client_id, house_id) REFERENCES houses(client_id, id),
  FOREIGN KEY (client_id, meter_id) REFERENCES meters(client_id, id),
  FOREIGN KEY (client_id, confirmed_by) REFERENCES users(client_id, id)
);
CREATE UNIQUE INDEX meter_readings_one_per_period ON meter_readings(client_id, house_id, period) WHERE type <> 'final';
CREATE UNIQUE INDEX meter_readings_one_final_per_period ON meter_readings(client_id, house_id, period) WHERE type = 'final';
-- The previous reading of a meter and the history of a house.
CREATE INDEX meter_readings_meter ON meter_readings(meter_id, reading_date DESC, id DESC);
CREATE INDEX meter_readings_house ON meter_readings(client_id, house_id, period DESC, reading_date DESC, id DESC);
-- Pending (not yet billed) readings of a period, and a period's readings for the sheet.
CREATE INDEX meter_readings_pending ON meter_readings(client_id, period, house_id) WHERE billed_bill_id IS NULL;
CREATE INDEX meter_readings_period ON meter_readings(client_id, period, house_id);

-- A billed reading is frozen: only the bill run may attach or detach it (billed_bill_id), nothing else
-- changes and it cannot be deleted.
CREATE FUNCTION meter_readings_billed_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.billed_bill_id IS NOT NULL THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'meter reading % is billed', OLD.id USING ERRCODE = '55000';
    END IF;
    IF (NEW.house_id, NEW.meter_id, NEW.period, NEW.reading_date, NEW.type, NEW.previous_reading, NEW.previous_date,
        NEW.current_reading, NEW.consumption, NEW.is_rollover, NEW.flags)
       IS DISTINCT FROM
       (OLD.house_id, OLD.meter_id, OLD.period, OLD.reading_date, OLD.type, OLD.previous_reading, OLD.previous_date,
        OLD.current_reading, OLD.consumption, OLD.is_rollover, OLD.flags) THEN
      RAISE EXCEPTION 'meter reading % is billed', OLD.id USING ERRCODE = '55000';
    END IF;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER meter_readings_billed_frozen BEFORE UPDATE OR DELETE ON meter_readings
  FOR EACH ROW EXECUTE FUNCTION meter_readings_billed_frozen();

ALTER TABLE meter_readings ENABLE ROW LEVEL SECURITY;
ALTER TABLE meter_readings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON meter_readings USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system ON meter_readings TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
