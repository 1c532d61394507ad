-- A record saved by its id has been seen by the browser that made it: a first save with its key that comes
-- after that is not an answer lost on the way but a stale copy (a second tab that restored the same kept
-- input), and must not write the record over (docs/decisions/0036).
ALTER TABLE cases ADD COLUMN create_key_spent boolean NOT NULL DEFAULT false;
