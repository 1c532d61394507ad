-- A certificate of payments as issued (docs/decisions/0085): its payments are read once, in the transaction
-- that issues it (the approval of a Payment Certificates record whose fee is paid, or the payment of an
-- approved one's fee), and kept. Drawn again from live records, it changed after issue when a payment's match
-- was undone or matched again later, and two copies with one number and one issue time disagreed.
CREATE TABLE payment_certificates (
  case_id      bigint PRIMARY KEY REFERENCES cases (id) ON DELETE CASCADE,
  issued_at    timestamptz NOT NULL,
  debtor_name  text,
  payments     jsonb NOT NULL
);
