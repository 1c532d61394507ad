-- Officer accounts (docs/decisions/0039-officers-and-their-session.md). An officer signs in like everyone
-- else (accounts, sessions, the one-time password), so every session rule holds for officers unchanged;
-- what sets them apart is the OFFICER authority in place of PTIB, and a row here with their roles.
-- Every account needs a profile and every session acts for one: officers own this one internal profile,
-- which no PTIB call serves (the PTIB calls refuse the OFFICER authority) and no proxy grant may name.
INSERT INTO ptib_profiles (id, ptib_name, id_num, header)
VALUES ('PTIB-BACKOFFICE', 'PTIB back office', '-', 'PTIB back office')
ON CONFLICT (id) DO NOTHING;

CREATE TABLE officers (
  account_id   bigint PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  display_name text NOT NULL,
  roles        text[] NOT NULL CHECK (roles <@ ARRAY['officer', 'supervisor', 'finance']::text[]),
  created_at   timestamptz NOT NULL DEFAULT now()
);
