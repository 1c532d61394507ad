-- The back office's queues stay fast with a million cases (docs/decisions/0040): each queue's condition is
-- the predicate of partial indexes in the orders it is read in (age: submitted_at; due date: due_on), so a
-- page reads its rows in order and stops; drafts, most of the table, are in none of them.
CREATE INDEX cases_queue_new_age_idx ON cases (submitted_at, id)
  WHERE deleted_at IS NULL AND status = 'submitted' AND assigned_to IS NULL;
CREATE INDEX cases_queue_new_due_idx ON cases (due_on, id)
  WHERE deleted_at IS NULL AND status = 'submitted' AND assigned_to IS NULL;
CREATE INDEX cases_queue_waiting_age_idx ON cases (submitted_at, id)
  WHERE deleted_at IS NULL AND status = 'more_info_requested';
CREATE INDEX cases_queue_waiting_due_idx ON cases (due_on, id)
  WHERE deleted_at IS NULL AND status = 'more_info_requested';
CREATE INDEX cases_queue_decided_age_idx ON cases (submitted_at, id)
  WHERE deleted_at IS NULL AND status IN ('approved', 'rejected');
CREATE INDEX cases_queue_mine_age_idx ON cases (assigned_to, submitted_at, id)
  WHERE deleted_at IS NULL AND status IN ('in_review', 'rejection_proposed');
CREATE INDEX cases_queue_mine_due_idx ON cases (assigned_to, due_on, id)
  WHERE deleted_at IS NULL AND status IN ('in_review', 'rejection_proposed');
-- A supervisor's rejections to decide.
CREATE INDEX cases_queue_proposed_idx ON cases (proposed_by)
  WHERE deleted_at IS NULL AND status = 'rejection_proposed';
