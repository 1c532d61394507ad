-- A travel application whose withdrawal the applicant asked for, and an officer approved, is closed as
-- 'withdrawn' (docs/decisions/0091): final like a decision, but not a rejection, which would tell the applicant
-- that their own choice was refused.
ALTER TABLE cases DROP CONSTRAINT cases_status_check;
ALTER TABLE cases ADD CONSTRAINT cases_status_check CHECK (
  status IN ('draft', 'submitted', 'in_review', 'more_info_requested', 'rejection_proposed', 'approved', 'rejected',
             'withdrawn'));
-- The Decided queue holds withdrawn cases too: its condition stays the predicate of its partial index
-- (migration 123), so a page still reads its rows in order and stops.
DROP INDEX cases_queue_decided_age_idx;
CREATE INDEX cases_queue_decided_age_idx ON cases (submitted_at, id)
  WHERE deleted_at IS NULL AND status IN ('approved', 'rejected', 'withdrawn');
