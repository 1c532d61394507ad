-- An officer's action carries a key the case screen made for that attempt, and the same key when the
-- attempt is sent again after its answer was lost (a dropped connection). The key of an action taken is
-- kept with the case and the officer, so the retry is answered with what the first attempt did instead of
-- being taken again or refused as a colleague's change (docs/decisions/0066).
CREATE TABLE officer_action_keys (
  case_id    bigint NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts (id),
  action_key uuid NOT NULL,
  action     text NOT NULL,
  taken_at   timestamptz NOT NULL,
  PRIMARY KEY (case_id, account_id, action_key)
);
