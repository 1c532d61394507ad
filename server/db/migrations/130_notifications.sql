-- Notifications (docs/decisions/0041-notification-outbox-and-its-worker.md and
-- docs/decisions/0042-email-addresses-channels-and-templates.md).

-- An email address is used only once its holder has typed the code sent to it.
ALTER TABLE ptib_profiles
  ADD COLUMN email text,
  ADD COLUMN email_confirmed_at timestamptz;

-- A pending change of address: the code's HMAC, never the code; one per profile.
CREATE TABLE email_confirmations (
  profile_id  text PRIMARY KEY REFERENCES ptib_profiles (id) ON DELETE CASCADE,
  email       text NOT NULL,
  code_hash   text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);

-- A choice a person made about an optional kind of message on one channel; no row means the default.
CREATE TABLE notification_preferences (
  profile_id  text NOT NULL REFERENCES ptib_profiles (id) ON DELETE CASCADE,
  kind        text NOT NULL,
  channel     text NOT NULL CHECK (channel IN ('email', 'sms')),
  enabled     boolean NOT NULL,
  PRIMARY KEY (profile_id, kind, channel)
);

-- Email and SMS waiting to go, written in the transaction of the event they report. A row is due when
-- next_attempt_at has passed; claiming it moves next_attempt_at one lease ahead, so a process killed while
-- sending leaves it due again once the lease ends. idempotency_key travels with the message (Message-ID,
-- the SMS gateway's reference), so a message sent again after such a kill is recognisably the same one.
CREATE TABLE notification_outbox (
  id               bigserial PRIMARY KEY,
  idempotency_key  text NOT NULL UNIQUE,
  channel          text NOT NULL CHECK (channel IN ('email', 'sms')),
  kind             text NOT NULL,
  profile_id       text REFERENCES ptib_profiles (id) ON DELETE SET NULL,
  recipient        text NOT NULL,
  -- The facts the message is made from when sent (docs/decisions/0042): the record it is about and the
  -- event's short, non-personal facts; the text comes from the templates and PUBLIC_URL of the sender.
  case_id          bigint,
  app_code         text,
  case_number      text,
  facts            jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- A file made in the event's transaction (the acknowledgement PDF of a submission), as it was then.
  attachment_name  text,
  attachment       bytea,
  created_at       timestamptz NOT NULL,
  next_attempt_at  timestamptz NOT NULL,
  attempts         integer NOT NULL DEFAULT 0,
  claimed_by       text,
  last_error       text,
  sent_at          timestamptz,
  dead_at          timestamptz
);
CREATE INDEX notification_outbox_due_idx ON notification_outbox (next_attempt_at)
  WHERE sent_at IS NULL AND dead_at IS NULL;
CREATE INDEX notification_outbox_dead_idx ON notification_outbox (dead_at) WHERE dead_at IS NOT NULL;

-- The portal inbox: every message, whatever the other channels; it needs no sending.
CREATE TABLE inbox_messages (
  id           bigserial PRIMARY KEY,
  event_key    text NOT NULL UNIQUE,
  profile_id   text NOT NULL REFERENCES ptib_profiles (id) ON DELETE CASCADE,
  kind         text NOT NULL,
  case_id      bigint,
  app_code     text,
  case_number  text,
  subject      text NOT NULL,
  body         text NOT NULL,
  created_at   timestamptz NOT NULL,
  read_at      timestamptz
);
CREATE INDEX inbox_messages_profile_idx ON inbox_messages (profile_id, created_at DESC);
CREATE INDEX inbox_messages_unread_idx ON inbox_messages (profile_id) WHERE read_at IS NULL;

-- Browsers an account has signed in from: the SHA-256 of a long-lived random httpOnly cookie.
CREATE TABLE known_devices (
  account_id     bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  device_hash    text NOT NULL,
  first_seen_at  timestamptz NOT NULL,
  last_seen_at   timestamptz NOT NULL,
  PRIMARY KEY (account_id, device_hash)
);
