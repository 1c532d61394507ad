-- The lock whose first refused sign-in was audited: later attempts refused under the same lock are answered
-- without an audit row each (docs/decisions/0028, amended 2026-11-29).
ALTER TABLE login_throttle ADD COLUMN refusal_audited_until timestamptz;
