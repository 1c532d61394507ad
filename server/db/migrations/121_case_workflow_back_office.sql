-- The back office's case workflow (docs/decisions/0040-case-workflow-four-eyes-and-more-information.md).

ALTER TABLE cases DROP CONSTRAINT cases_status_check;
ALTER TABLE cases ADD CONSTRAINT cases_status_check CHECK (
  status IN ('draft', 'submitted', 'in_review', 'more_info_requested', 'rejection_proposed', 'approved', 'rejected'));

-- The officer working the case (an officer account), the due date in Singapore working days and, while the
-- applicant is asked for more information, the day the clock stopped. A proposed rejection waits here for
-- a supervisor; decision_reason is what the applicant reads once rejected.
ALTER TABLE cases
  ADD COLUMN assigned_to bigint REFERENCES accounts (id),
  ADD COLUMN due_on date,
  ADD COLUMN paused_on date,
  ADD COLUMN proposed_reason text,
  ADD COLUMN proposed_by bigint REFERENCES accounts (id),
  ADD COLUMN decision_reason text;

-- Each move's message: the officer's words to the applicant, or what the server says of the move.
ALTER TABLE case_status_history ADD COLUMN message text;

-- Internal notes: officers only, never in an answer to the applicant.
CREATE TABLE case_notes (
  id         bigserial PRIMARY KEY,
  case_id    bigint NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts (id),
  author     text NOT NULL,
  body       text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX case_notes_case_idx ON case_notes (case_id, id);

-- Requests for more information: the questions the applicant may change, the message, and the answers
-- before and after, so the officer sees what changed.
CREATE TABLE case_info_requests (
  id             bigserial PRIMARY KEY,
  case_id        bigint NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  account_id     bigint NOT NULL REFERENCES accounts (id),
  requested_by   text NOT NULL,
  message        text NOT NULL,
  fields         text[] NOT NULL,
  requested_at   timestamptz NOT NULL,
  answers_before jsonb NOT NULL,
  answers_after  jsonb,
  answered_at    timestamptz
);
CREATE INDEX case_info_requests_case_idx ON case_info_requests (case_id, id);
