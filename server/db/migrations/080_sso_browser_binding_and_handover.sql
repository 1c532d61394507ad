-- Login CSRF (docs/decisions/0030): an AuthnRequest id is good only in the browser that started the
-- sign-in, named by the hash of a secret in that browser's cookie; requests stored before this have none
-- and can no longer be answered.
ALTER TABLE saml_requests ADD COLUMN binding_hash text;

-- One-time hand-over codes: what #/access-initial?auth= carries instead of a session token. Only the
-- SHA-256 of the code is stored; it is good once, for a minute, in the browser whose binding it names.
CREATE TABLE session_handovers (
  code_hash    text PRIMARY KEY,
  binding_hash text NOT NULL,
  account_id   bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX session_handovers_expires_idx ON session_handovers (expires_at);
