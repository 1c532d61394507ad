-- A record's first save carries a key the browser made for it, so a first save sent again after its answer
-- was lost (a dropped connection) saves that record again instead of making a second one. The key is the
-- acting profile's; a deleted record's key is free again.
ALTER TABLE cases ADD COLUMN create_key uuid;
CREATE UNIQUE INDEX cases_create_key_idx ON cases (profile_id, create_key)
  WHERE create_key IS NOT NULL AND deleted_at IS NULL;
