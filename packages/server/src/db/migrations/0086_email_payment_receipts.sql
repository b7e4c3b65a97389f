-- E-mail (issue 17): a customer's payment receipt is e-mailed as a PDF with its own template, beside the
-- sales receipt ('receipt'); the customer statement ('statement') was already allowed.

ALTER TABLE email_templates DROP CONSTRAINT email_templates_kind_check;
ALTER TABLE email_templates ADD CONSTRAINT email_templates_kind_check
  CHECK (kind IN ('free', 'bill', 'statement', 'payment_receipt', 'receipt', 'invoice', 'purchase_order'));

ALTER TABLE email_messages DROP CONSTRAINT email_messages_kind_check;
ALTER TABLE email_messages ADD CONSTRAINT email_messages_kind_check
  CHECK (kind IN ('free', 'bill', 'statement', 'payment_receipt', 'receipt', 'invoice', 'purchase_order', 'payslip', 'test'));
