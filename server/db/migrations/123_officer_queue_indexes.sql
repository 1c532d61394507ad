-- The back office's queues stay fast with a million cases (docs/decisions/0040): each queue reads one
-- partial index in its order (age: submitted_at; due date: due_on), never the whole table. Drafts, which
-- are most rows, are in none of them.
CREATE INDEX cases_queue_status_idx ON cases (status, submitted_at, id)
  WHERE deleted_at IS NULL AND status <> 'draft';
CREATE INDEX cases_queue_due_idx ON cases (status, due_on, id)
  WHERE deleted_at IS NULL AND status <> 'draft';
CREATE INDEX cases_queue_assigned_idx ON cases (assigned_to, status, submitted_at, id)
  WHERE deleted_at IS NULL AND assigned_to IS NOT NULL;
