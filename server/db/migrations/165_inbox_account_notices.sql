-- A sign-in notice (a new browser, a locked sign-in) is about one account, not about the profile it signs in
-- to: another login of that profile, or a master user acting for it, must not read "your account was signed
-- in to" about someone else's sign-ins. The inbox keeps the account it is for; NULL for a record's messages,
-- which every session of the profile reads.
ALTER TABLE inbox_messages ADD COLUMN account_id bigint REFERENCES accounts (id) ON DELETE CASCADE;
-- Notices already given go to the account when the profile has only that one; else nobody can tell whose.
UPDATE inbox_messages i SET account_id = a.id
  FROM accounts a
 WHERE a.profile_id = i.profile_id
   AND i.kind IN ('newDevice', 'accountLocked')
   AND (SELECT count(*) FROM accounts b WHERE b.profile_id = i.profile_id) = 1;
