-- An approved PTIB Profile Update changes the profile's contact number and correspondence address on the
-- record's effective date (docs/decisions/0076). Each approval is kept, due or not; a due one is made when
-- it is approved or, for a later date, the first time the profile is read on or after that date.
CREATE TABLE profile_updates (
  case_id                bigint PRIMARY KEY REFERENCES cases (id),
  profile_id             text NOT NULL REFERENCES ptib_profiles (id),
  mobile_num             text NOT NULL,
  correspondence_address jsonb NOT NULL,
  effective_on           date NOT NULL,
  approved_at            timestamptz NOT NULL,
  applied_at             timestamptz
);
CREATE INDEX profile_updates_due_idx ON profile_updates (profile_id, effective_on) WHERE applied_at IS NULL;
