-- Sign-in throttling per login name and address, with account-wide locks only on evidence from many
-- addresses; one-time-password guesses and SMS counted per login name and mobile number
-- (docs/decisions/0028-login-throttle-per-address-and-otp-limits.md).

-- The lock a notice was sent for: a lock is told to the account holder once.
ALTER TABLE login_throttle ADD COLUMN notified_until timestamptz;

-- Addresses a login name failed from, each with its latest failure: enough of them in the window lock
-- the login name everywhere.
CREATE TABLE login_failure_addresses (
  login_key  text NOT NULL,
  address    text NOT NULL,
  failed_at  timestamptz NOT NULL,
  PRIMARY KEY (login_key, address)
);
CREATE INDEX login_failure_addresses_failed_idx ON login_failure_addresses (failed_at);

-- SMS sent per login name and per mobile number in a fixed window that opens with the first one.
CREATE TABLE otp_send_counts (
  count_key         text PRIMARY KEY,
  sends             integer NOT NULL,
  window_started_at timestamptz NOT NULL
);
