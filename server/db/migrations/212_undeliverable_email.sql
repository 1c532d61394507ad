-- A confirmed email address its mail server refused for good (a 5xx reply to RCPT TO): when, and the refusal's
-- safe summary (its reply code and the address masked, never the server's reply: docs/decisions/0042), so the
-- person is asked to check it. Cleared when they confirm an address again (docs/decisions/0100).
ALTER TABLE ptib_profiles
  ADD COLUMN email_failed_at timestamptz,
  ADD COLUMN email_failure text;
