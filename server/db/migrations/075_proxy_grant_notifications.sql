-- A session acting for another profile is good only while the master's grant over that profile stands
-- (docs/decisions/0029): loadSession now reads proxy_grants and the owning profile's proxy_ind, so the
-- processes' copies of sessions (docs/decisions/0018) must be dropped whenever either changes. Migration
-- 060's rule holds: whatever loadSession reads, a trigger here notifies, whoever makes the change.

CREATE TRIGGER proxy_grants_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON proxy_grants FOR EACH STATEMENT EXECUTE FUNCTION ptib_notify_sessions_changed();

DROP TRIGGER ptib_profiles_block_changed ON ptib_profiles;
CREATE TRIGGER ptib_profiles_session_fields_changed AFTER UPDATE OF id, is_blocked, proxy_ind OR DELETE OR TRUNCATE
  ON ptib_profiles FOR EACH STATEMENT EXECUTE FUNCTION ptib_notify_sessions_changed();
