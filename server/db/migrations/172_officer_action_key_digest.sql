-- A kept action key answers its own attempt only: the same action with other words under it (another reason,
-- message, officer or note) is another attempt, refused rather than told "done" with the first attempt's
-- result. The digest of what the attempt asked for is kept with its key; keys kept before have none and are
-- judged by their action alone, as before (docs/decisions/0066).
ALTER TABLE officer_action_keys ADD COLUMN request_digest text;
