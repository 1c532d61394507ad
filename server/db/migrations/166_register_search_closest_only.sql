-- A search by name keeps the entries of its nearest names only (server/register/search.ts): when there were
-- more to keep, its pages say the closest are shown, so "20 entries match" is not read as all there are.
ALTER TABLE register_searches ADD COLUMN closest_only boolean NOT NULL DEFAULT false;
