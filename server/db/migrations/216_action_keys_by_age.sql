-- A kept action key answers a repeat of its attempt only while a page could still send one; older keys are
-- deleted on each keyed decision or action (docs/decisions/0111). By their age, so that deleting them reads
-- only the old rows, not the whole table.
CREATE INDEX finance_action_keys_taken_idx ON finance_action_keys (taken_at);
CREATE INDEX officer_action_keys_taken_idx ON officer_action_keys (taken_at);
