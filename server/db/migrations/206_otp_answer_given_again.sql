-- A one-time-password check whose answer was lost is answered again for a short while
-- (docs/decisions/0011, amended): the session the completed sign-in opened, and the HMAC of the code that
-- completed it (what the repeat must match; otp_codes.code_hash is emptied once a code is used).
ALTER TABLE login_challenges ADD COLUMN session_id uuid;
ALTER TABLE otp_codes ADD COLUMN verified_hash text CHECK (verified_hash IS NULL OR verified_hash ~ '^[0-9a-f]{64}$');
