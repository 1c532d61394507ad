-- HMAC keys the server signs its own short-lived values with (the XSRF token, the login nonce): made
-- once, shared by every process, like the one-time-password key (docs/decisions/0031).
CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  secret     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
