-- A finance officer's decision (an import, a match, a mark, an undo, money returned, a refund paid) carries a
-- key the finance screen made for that attempt, and the same key when the attempt is sent again after its
-- answer was lost. The key of a decision taken is kept with the officer, with what it asked for and what it
-- came to, so the retry is answered with the first attempt's result instead of "already paid" or "already
-- imported" (docs/decisions/0109).
CREATE TABLE finance_action_keys (
  account_id     bigint NOT NULL REFERENCES accounts (id),
  action_key     uuid NOT NULL,
  action         text NOT NULL,
  request_digest text NOT NULL,
  result         jsonb,
  taken_at       timestamptz NOT NULL,
  PRIMARY KEY (account_id, action_key)
);
