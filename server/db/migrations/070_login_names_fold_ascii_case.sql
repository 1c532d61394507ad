-- Login names in one normal form (docs/decisions/0028-login-throttle-per-address-and-otp-limits.md).

-- Login names compare by ASCII case only (the contract refuses any other character), so the database's
-- locale has no say: lower() under the C collation folds A-Z and nothing else.
DROP INDEX accounts_login_name_key;
CREATE UNIQUE INDEX accounts_login_name_key ON accounts (lower(login_name COLLATE "C"));
