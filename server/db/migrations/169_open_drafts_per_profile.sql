-- A new record counts its profile's open drafts before it takes a case number (docs/decisions/0064): this
-- finds them without reading the profile's submitted records.
CREATE INDEX cases_open_drafts_idx ON cases (profile_id) WHERE status = 'draft' AND deleted_at IS NULL;
