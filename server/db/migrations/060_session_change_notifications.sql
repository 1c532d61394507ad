-- Each server process keeps the sessions it loaded for a few seconds (server/auth/session-cache.ts,
-- docs/decisions/0018). Every change that could make such a copy wrong in the permissive direction
-- notifies channel ptib_session_changed in the changing transaction itself, whoever makes it (the app,
-- an operator's SQL): the payload is the session's id, or '*' for a change that may reach many sessions
-- (an account, its authorities or authorizations, a profile's block).
--
-- Not notified: a refresh (it only moves expires_at forward, and a copy with the older expiry sends the
-- call to the database once that expiry passes), and new sessions (no process holds a copy yet).

CREATE FUNCTION ptib_notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ptib_session_changed', OLD.id::text);
  RETURN NULL;
END $$;

CREATE FUNCTION ptib_notify_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ptib_session_changed', '*');
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (NEW.ended_at IS DISTINCT FROM OLD.ended_at
        OR NEW.end_reason IS DISTINCT FROM OLD.end_reason
        OR NEW.acting_profile_id IS DISTINCT FROM OLD.acting_profile_id
        OR NEW.account_id IS DISTINCT FROM OLD.account_id
        OR NEW.id IS DISTINCT FROM OLD.id
        OR NEW.absolute_expires_at IS DISTINCT FROM OLD.absolute_expires_at
        OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION ptib_notify_session_changed();
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions FOR EACH ROW
  EXECUTE FUNCTION ptib_notify_session_changed();
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION ptib_notify_sessions_changed();

CREATE TRIGGER accounts_session_fields_changed AFTER UPDATE OF login_name, profile_id, disabled OR DELETE OR TRUNCATE
  ON accounts FOR EACH STATEMENT EXECUTE FUNCTION ptib_notify_sessions_changed();
CREATE TRIGGER account_authorities_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON account_authorities FOR EACH STATEMENT EXECUTE FUNCTION ptib_notify_sessions_changed();
CREATE TRIGGER account_authorizations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON account_authorizations FOR EACH STATEMENT EXECUTE FUNCTION ptib_notify_sessions_changed();
CREATE TRIGGER ptib_profiles_block_changed AFTER UPDATE OF is_blocked OR DELETE OR TRUNCATE
  ON ptib_profiles FOR EACH STATEMENT EXECUTE FUNCTION ptib_notify_sessions_changed();
