-- Notification emails no longer carry the acknowledgement PDF (docs/decisions/0042): it holds every answer of
-- the record (names, identity numbers, a bank account), and a message carries none. The copies the outbox kept
-- of messages already sent, or dead, are removed with it.
-- A waiting message keeps its copy: during a rolling restart a process of the release before still claims
-- rows, and sends them in its own words, "The acknowledgement is attached". This release's worker never reads
-- the copy, and says the acknowledgement is not attached. The columns stay for now, as that process names them in
-- its inserts and claims, and would fail on a table without them: the later release that drops them, once no
-- process of the release before is left, takes those copies with them.
UPDATE notification_outbox SET attachment_name = NULL, attachment = NULL
 WHERE (sent_at IS NOT NULL OR dead_at IS NOT NULL) AND (attachment IS NOT NULL OR attachment_name IS NOT NULL);
