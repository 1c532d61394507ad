-- Bills of the payment e-services, their history, the bank statement's credits and the refunds drawn on
-- receipts (docs/decisions/0045-bills-paynow-qr-and-money.md, 0046-reconciliation-and-receipts.md).
-- Money is in integer cents (bigint) everywhere: never a float, never a numeric with a scale to forget.

CREATE SEQUENCE receipt_number_seq;

CREATE TABLE bills (
  id             bigserial PRIMARY KEY,
  case_id        bigint NOT NULL UNIQUE REFERENCES cases (id),
  profile_id     text NOT NULL REFERENCES ptib_profiles (id),
  -- The compact case number (PD0000422026): what the QR carries and the bank statement reports.
  reference      text NOT NULL UNIQUE,
  amount_cents   bigint NOT NULL CHECK (amount_cents > 0),
  received_cents bigint NOT NULL DEFAULT 0 CHECK (received_cents >= 0),
  refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  state          text NOT NULL DEFAULT 'awaiting'
                 CHECK (state IN ('awaiting', 'part_paid', 'paid', 'over_paid', 'expired')),
  issued_at      timestamptz NOT NULL,
  due_on         date NOT NULL,
  expires_on     date NOT NULL,
  settled_at     timestamptz,
  -- Digits only, so the refund form's receipt question (digits) takes it as printed.
  receipt_number text UNIQUE,
  CHECK (refunded_cents <= received_cents)
);
CREATE INDEX bills_profile_idx ON bills (profile_id, issued_at DESC);
CREATE INDEX bills_awaiting_expiry_idx ON bills (expires_on) WHERE state = 'awaiting';

CREATE TABLE bill_history (
  id         bigserial PRIMARY KEY,
  bill_id    bigint NOT NULL REFERENCES bills (id),
  from_state text,
  to_state   text NOT NULL,
  at         timestamptz NOT NULL,
  actor      text NOT NULL,
  reason     text
);
CREATE INDEX bill_history_bill_idx ON bill_history (bill_id, id);

-- One row per credit of an imported statement. The bank's transaction id is unique, so importing the same
-- statement again inserts nothing and changes nothing.
CREATE TABLE statement_lines (
  id             bigserial PRIMARY KEY,
  transaction_id text NOT NULL UNIQUE,
  value_date     date NOT NULL,
  amount_cents   bigint NOT NULL CHECK (amount_cents > 0),
  reference      text NOT NULL,
  payer_name     text NOT NULL,
  imported_at    timestamptz NOT NULL,
  imported_by    text NOT NULL,
  -- settled: matched by the import; queued: waits for a person; matched/marked: a person decided.
  status         text NOT NULL CHECK (status IN ('settled', 'queued', 'matched', 'marked')),
  queue_reason   text CHECK (queue_reason IN ('unknown_reference', 'part', 'over', 'not_payable')),
  bill_id        bigint REFERENCES bills (id),
  resolved_by    text,
  resolved_at    timestamptz,
  resolution     text
);
CREATE INDEX statement_lines_queued_idx ON statement_lines (id) WHERE status = 'queued';

-- A refund record (PRD) drawing on a receipt: the sum drawn never exceeds what the receipt received.
CREATE TABLE refunds (
  case_id      bigint PRIMARY KEY REFERENCES cases (id),
  bill_id      bigint NOT NULL REFERENCES bills (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  created_at   timestamptz NOT NULL
);
