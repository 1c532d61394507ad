-- PTIB e-Services: the first schema. Times are timestamptz; ids of people-facing records are text.

CREATE TABLE ptib_profiles (
  id                text PRIMARY KEY,             -- ptibProfileID
  ptib_name         text NOT NULL,
  id_num            text NOT NULL,
  mobile_num        text,
  image_url         text,
  header            text,
  is_blocked        boolean NOT NULL DEFAULT false,
  proxy_ind         boolean NOT NULL DEFAULT false, -- master PTIB
  correspondence_address jsonb NOT NULL DEFAULT '{}'::jsonb,
  dashboard_message text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE accounts (
  id            bigserial PRIMARY KEY,
  login_name    text NOT NULL,
  password_hash text NOT NULL,
  profile_id    text NOT NULL REFERENCES ptib_profiles (id),
  otp_required  boolean NOT NULL DEFAULT false,
  mobile_num    text,
  disabled      boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- Login names are matched without regard to case.
CREATE UNIQUE INDEX accounts_login_name_key ON accounts (lower(login_name));
CREATE INDEX accounts_profile_id_idx ON accounts (profile_id);

-- Which profiles a master profile may act for.
CREATE TABLE proxy_grants (
  master_profile_id text NOT NULL REFERENCES ptib_profiles (id),
  proxy_profile_id  text NOT NULL REFERENCES ptib_profiles (id),
  master_block      boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (master_profile_id, proxy_profile_id),
  CHECK (master_profile_id <> proxy_profile_id)
);
CREATE INDEX proxy_grants_proxy_idx ON proxy_grants (proxy_profile_id);

CREATE TABLE account_authorities (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  authority  text NOT NULL,
  PRIMARY KEY (account_id, authority)
);

CREATE TABLE account_authorizations (
  account_id    bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  authorization_code text NOT NULL,
  PRIMARY KEY (account_id, authorization_code)
);

-- A signed-in session. The token names it; the server checks it is live on every call.
CREATE TABLE sessions (
  id                uuid PRIMARY KEY,
  account_id        bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  acting_profile_id text NOT NULL REFERENCES ptib_profiles (id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  last_refresh_at   timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  ended_at          timestamptz,
  end_reason        text,       -- logout, interrupted, blocked, expired
  model             text,
  client_address    text
);
CREATE INDEX sessions_account_live_idx ON sessions (account_id) WHERE ended_at IS NULL;

-- The e-service catalogue (decisions.md §6): data, so an operator can name and group them.
CREATE TABLE eservices (
  code           text PRIMARY KEY,
  title          text NOT NULL,
  description    text NOT NULL,
  group_name     text NOT NULL,
  menu           text NOT NULL,
  view_route     text NOT NULL DEFAULT '/generic',
  case_type      text NOT NULL,
  authorizations text[] NOT NULL DEFAULT ARRAY['SEMS01'],
  form           jsonb NOT NULL DEFAULT '{"fields":[]}'::jsonb,
  sort_order     integer NOT NULL DEFAULT 0,
  active         boolean NOT NULL DEFAULT true
);

-- Case numbers come from one database sequence, so two servers saving at once never share one.
CREATE SEQUENCE case_search_number_seq;

CREATE TABLE cases (
  id            bigserial PRIMARY KEY,
  app_code      text NOT NULL REFERENCES eservices (code),
  profile_id    text NOT NULL REFERENCES ptib_profiles (id),
  case_type     text NOT NULL,
  search_number bigint NOT NULL DEFAULT nextval('case_search_number_seq'),
  case_year     integer NOT NULL,
  case_number   text NOT NULL,
  status        text NOT NULL DEFAULT 'draft',
  data          jsonb NOT NULL DEFAULT '{}'::jsonb,
  version       integer NOT NULL DEFAULT 1,
  created_by    bigint REFERENCES accounts (id),
  updated_by    bigint REFERENCES accounts (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  deleted_at    timestamptz
);
CREATE UNIQUE INDEX cases_case_number_key ON cases (case_number);
CREATE INDEX cases_profile_app_idx ON cases (profile_id, app_code, updated_at DESC) WHERE deleted_at IS NULL;

-- Audit trail: who (real user and acting profile) did what, from where. Never a secret.
CREATE TABLE audit_events (
  id                bigserial PRIMARY KEY,
  occurred_at       timestamptz NOT NULL DEFAULT now(),
  event             text NOT NULL,
  outcome           text NOT NULL DEFAULT 'success',
  account_id        bigint,
  login_name        text,
  acting_profile_id text,
  client_address    text,
  detail            jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_events_time_idx ON audit_events (occurred_at);
