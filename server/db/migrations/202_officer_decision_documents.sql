-- An officer's decision can carry documents the officer attaches: a statement of account, a decision letter
-- (docs/decisions/0090). They are kept, scanned and rescanned as the applicant's files are, in the same table,
-- told apart by origin: an officer's file answers no question of the form (field_name NULL), uploaded_by is the
-- officer's account, and decision_id is the status history row of the decision it went with (NULL while it
-- waits for the decision). Only then does the applicant see it.
ALTER TABLE documents ADD COLUMN origin text NOT NULL DEFAULT 'applicant'
  CHECK (origin IN ('applicant', 'officer'));
ALTER TABLE documents ADD COLUMN decision_id bigint REFERENCES case_status_history (id);
ALTER TABLE documents ALTER COLUMN field_name DROP NOT NULL;
ALTER TABLE documents ADD CONSTRAINT documents_origin_fields_check CHECK (
  CASE origin
    WHEN 'applicant' THEN field_name IS NOT NULL AND decision_id IS NULL
    ELSE field_name IS NULL
  END);
