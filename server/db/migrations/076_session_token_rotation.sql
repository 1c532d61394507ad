-- Refresh tokens rotate (docs/decisions/0029): each session token carries the generation it was issued
-- for; a refresh moves the session to the next generation, and the one before stays good only for a short
-- grace after token_rotated_at (SESSION.ROTATION_GRACE_MS). Tokens issued before this migration carry no
-- generation and count as generation 0, which every session has until its next refresh.
ALTER TABLE sessions
  ADD COLUMN token_generation integer NOT NULL DEFAULT 0,
  ADD COLUMN token_rotated_at timestamptz;

-- A copy of a session held by a process (docs/decisions/0018) names the generation that is current, so a
-- rotation must drop it: migration 060's trigger, with the generation added to what it watches.
DROP TRIGGER sessions_changed ON sessions;
CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (NEW.ended_at IS DISTINCT FROM OLD.ended_at
        OR NEW.end_reason IS DISTINCT FROM OLD.end_reason
        OR NEW.acting_profile_id IS DISTINCT FROM OLD.acting_profile_id
        OR NEW.account_id IS DISTINCT FROM OLD.account_id
        OR NEW.id IS DISTINCT FROM OLD.id
        OR NEW.absolute_expires_at IS DISTINCT FROM OLD.absolute_expires_at
        OR NEW.expires_at < OLD.expires_at
        OR NEW.token_generation IS DISTINCT FROM OLD.token_generation
        OR NEW.token_rotated_at IS DISTINCT FROM OLD.token_rotated_at)
  EXECUTE FUNCTION ptib_notify_session_changed();
