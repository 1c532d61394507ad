-- No process keeps copies of sessions any more (docs/decisions/0048): the session check reads the
-- database on every call, so the triggers of migrations 060, 075 and 076 that told the copies to go have
-- no one to tell. Dropped, with the per-session notifier.

DROP TRIGGER sessions_changed ON sessions;
DROP TRIGGER sessions_deleted ON sessions;
DROP TRIGGER sessions_truncated ON sessions;
DROP TRIGGER accounts_session_fields_changed ON accounts;
DROP TRIGGER account_authorities_changed ON account_authorities;
DROP TRIGGER account_authorizations_changed ON account_authorizations;
DROP TRIGGER ptib_profiles_session_fields_changed ON ptib_profiles;
DROP TRIGGER proxy_grants_changed ON proxy_grants;
DROP FUNCTION ptib_notify_session_changed();

-- Kept, doing nothing: work written while the cache still existed may add triggers that call it (for a
-- new table the session check reads). Their migrations keep applying, and nothing is notified.
CREATE OR REPLACE FUNCTION ptib_notify_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN COALESCE(NEW, OLD);
END $$;
