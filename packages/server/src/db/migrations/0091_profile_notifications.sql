-- Profile and notifications (issue 17): the user's signature image (a row of `files`, printed on the
-- cheques and payment vouchers they sign), their language and theme; and when a user last looked at a
-- kind of notification in the navbar bell (bill runs finished since then), per user and kind.

ALTER TABLE users ADD COLUMN signature_file_id uuid;
ALTER TABLE users ADD FOREIGN KEY (client_id, signature_file_id) REFERENCES files(client_id, id) ON DELETE SET NULL (signature_file_id);
ALTER TABLE users ADD COLUMN lang text CHECK (lang IN ('en', 'so'));
ALTER TABLE users ADD COLUMN theme text CHECK (theme IN ('light', 'dark'));

CREATE TABLE notification_seen (
  client_id integer NOT NULL REFERENCES clients(id),
  user_id integer NOT NULL,
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, user_id, kind),
  FOREIGN KEY (client_id, user_id) REFERENCES users(client_id, id) ON DELETE CASCADE
);

SELECT app_tenant_tables('notification_seen');
