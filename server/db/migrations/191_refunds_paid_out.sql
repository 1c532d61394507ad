-- An approved refund of deposits is paid to its payee by a finance officer, who records when, who and how
-- (the bank transfer's reference, which the payer reads): docs/decisions/0088. All three or none.
ALTER TABLE refunds
  ADD COLUMN paid_out_at   timestamptz,
  ADD COLUMN paid_out_by   text,
  ADD COLUMN paid_out_note text,
  ADD CONSTRAINT refunds_paid_out_whole CHECK (
    (paid_out_at IS NULL) = (paid_out_by IS NULL) AND (paid_out_at IS NULL) = (paid_out_note IS NULL));
-- The finance officer's list of refunds to pay reads those not yet paid, oldest first.
CREATE INDEX refunds_to_pay_idx ON refunds (created_at, case_id) WHERE paid_out_at IS NULL;
