-- SMS one-time passwords for a pending sign-in (login_challenges, 010_auth). Of the code only an
-- HMAC-SHA-256 under a server secret is stored, never the code itself.
CREATE TABLE otp_codes (
  challenge_hash  text PRIMARY KEY REFERENCES login_challenges (id_hash) ON DELETE CASCADE,
  code_hash       text,          -- HMAC of the code sent last; null before the first send and once used
  code_expires_at timestamptz,
  sends           integer NOT NULL DEFAULT 0,
  last_sent_at    timestamptz,
  failed_tries    integer NOT NULL DEFAULT 0,
  CHECK (code_hash IS NULL OR code_hash ~ '^[0-9a-f]{64}$')
);

-- The HMAC key for codes when OTP_SECRET is not configured: made once, shared by every process.
CREATE TABLE otp_secrets (
  name       text PRIMARY KEY,
  secret     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
