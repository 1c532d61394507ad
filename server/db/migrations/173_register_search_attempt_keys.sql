-- A register search carries a key the search form made for that attempt, and the same key when the attempt
-- is sent again after its answer was lost. The search recorded under it answers the retry, so it is
-- recorded, audited and counted against the account's searches once.
ALTER TABLE register_searches ADD COLUMN attempt_key uuid;
CREATE UNIQUE INDEX register_searches_attempt_key ON register_searches (account_id, attempt_key)
  WHERE attempt_key IS NOT NULL;
