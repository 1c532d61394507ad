-- The insolvency register and the watchlist that follows it (docs/decisions/0043 and 0044).
-- pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded in server/db/pglite.ts); it is a trusted
-- extension, so the database owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One row per case: the person or entity, the proceeding and where it stands. version grows by one with
-- every change (an import or an officer's correction), so a follower can tell what changed since last seen.
CREATE TABLE register_entries (
  case_number    text PRIMARY KEY,
  party_kind     text NOT NULL CHECK (party_kind IN ('individual', 'entity')),
  id_number      text NOT NULL,
  name           text NOT NULL,
  aliases        text[] NOT NULL DEFAULT '{}',
  proceeding     text NOT NULL,
  status         text NOT NULL,
  filed_on       date NOT NULL,
  status_on      date NOT NULL,
  administrator  text NOT NULL,
  version        integer NOT NULL DEFAULT 1,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX register_entries_id_number_idx ON register_entries (id_number);

-- Every name an entry is known by (its name and each alias), folded for search: upper case, one space
-- between words. Names repeat (a few hundred syllables make most Chinese names), so the trigram index is
-- on the distinct names only (register_name_keys): a search finds the nearest names there, then their
-- entries by the exact folded name (docs/decisions/0043). A key outlives its last entry harmlessly.
CREATE TABLE register_names (
  id           bigserial PRIMARY KEY,
  case_number  text NOT NULL REFERENCES register_entries (case_number) ON DELETE CASCADE,
  folded       text NOT NULL
);
CREATE INDEX register_names_case_idx ON register_names (case_number);
CREATE INDEX register_names_folded_idx ON register_names (folded);
CREATE TABLE register_name_keys (
  folded  text PRIMARY KEY
);
CREATE INDEX register_name_keys_trgm_idx ON register_name_keys USING gist (folded gist_trgm_ops);

-- A search as it was answered: its reference (printed on the extract), who ran it and why, and the ranked
-- case numbers it found. Result pages and extracts are read through it, so an entry is only ever shown to
-- someone whose recorded search found it.
CREATE TABLE register_searches (
  reference          text PRIMARY KEY,
  account_id         bigint NOT NULL,
  acting_profile_id  text NOT NULL,
  service            text NOT NULL,
  search_by          text NOT NULL,
  query              text NOT NULL,
  purpose            text NOT NULL,
  searched_at        timestamptz NOT NULL,
  case_numbers       text[] NOT NULL
);
CREATE INDEX register_searches_account_idx ON register_searches (account_id, searched_at);

-- Searches per account in the current window (docs/decisions/0044).
CREATE TABLE register_search_throttle (
  account_id         bigint PRIMARY KEY,
  window_started_at  timestamptz NOT NULL,
  searches           integer NOT NULL
);

-- The cases a profile follows, and the version its holder last saw.
CREATE TABLE register_watchlist (
  profile_id    text NOT NULL,
  case_number   text NOT NULL REFERENCES register_entries (case_number) ON DELETE CASCADE,
  followed_at   timestamptz NOT NULL,
  seen_version  integer NOT NULL,
  PRIMARY KEY (profile_id, case_number)
);
CREATE INDEX register_watchlist_case_idx ON register_watchlist (case_number);

-- The three e-services answer on screens of their own rather than filing a record.
UPDATE eservices SET view_route = '/register' WHERE code IN ('PIS', 'BIS');
UPDATE eservices SET view_route = '/watchlist' WHERE code = 'ICAWL';
