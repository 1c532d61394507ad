-- Sign-in and sessions: token signing keys, login nonces, sign-in throttling, second-factor challenges.
-- All of it lives here, not in a process's memory, so several servers on one database agree.

-- Keys that sign session tokens (ES256). Sign with the newest live key; verify with any live key.
CREATE TABLE signing_keys (
  kid         text PRIMARY KEY,
  seq         bigserial NOT NULL,      -- order of creation: the highest live one signs
  alg         text NOT NULL,
  private_jwk jsonb NOT NULL,
  public_jwk  jsonb NOT NULL,
  created_at  timestamptz NOT NULL,
  retired_at  timestamptz
);
CREATE INDEX signing_keys_live_idx ON signing_keys (seq DESC) WHERE retired_at IS NULL;

-- One-time login nonces (authenticityToken), stored hashed and bound to the browser that asked.
CREATE TABLE login_nonces (
  nonce_hash   text PRIMARY KEY,
  binding_hash text NOT NULL,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX login_nonces_expires_idx ON login_nonces (expires_at);

-- Failed sign-ins per key: 'login:<lower-case login name>' or 'address:<client address>'.
CREATE TABLE login_throttle (
  throttle_key      text PRIMARY KEY,
  failures          integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  locked_until      timestamptz
);

-- A sign-in whose password was right but which still needs its one-time password.
CREATE TABLE login_challenges (
  id_hash        text PRIMARY KEY,
  account_id     bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  remember_me    boolean NOT NULL DEFAULT false,
  model          text,
  client_address text,
  completed_at   timestamptz
);
CREATE INDEX login_challenges_expires_idx ON login_challenges (expires_at);

ALTER TABLE sessions ADD COLUMN remember_me boolean NOT NULL DEFAULT false;
CREATE INDEX sessions_acting_live_idx ON sessions (acting_profile_id) WHERE ended_at IS NULL;
