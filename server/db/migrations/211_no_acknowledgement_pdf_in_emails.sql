-- Notification emails no longer carry the acknowledgement PDF (docs/decisions/0042): it holds every answer of
-- the record (names, identity numbers, a bank account), and a message carries none. The copies the outbox kept
-- (of messages sent, and of those still waiting, which now go without it) are removed with it.
-- The columns stay for now: during a rolling restart a process of the release before still names them in its
-- inserts and claims, and would fail on a table without them. A later release drops them.
UPDATE notification_outbox SET attachment_name = NULL, attachment = NULL
 WHERE attachment IS NOT NULL OR attachment_name IS NOT NULL;
