-- A rejected application's bill is cancelled: nothing more is due, and money that reached it before is
-- returned to the payer (docs/decisions/0059). What was returned is counted in refunded_cents, like a refund.
ALTER TABLE bills DROP CONSTRAINT bills_state_check;
ALTER TABLE bills ADD CONSTRAINT bills_state_check
  CHECK (state IN ('awaiting', 'part_paid', 'paid', 'over_paid', 'expired', 'cancelled'));
-- The finance officer's list of money to return reads the few cancelled bills that still hold money.
CREATE INDEX bills_to_return_idx ON bills (id) WHERE state = 'cancelled' AND received_cents > refunded_cents;
