/**
 * SQL that a login name column equals a loginNameKey parameter ($1): lower() under the C collation folds
 * A-Z and nothing else, as loginNameKey does, whatever the database's locale
 * (docs/decisions/0028-login-throttle-per-address-and-otp-limits.md). The unique index
 * accounts_login_name_key is on the same expression, so a lookup uses it.
 */
export const LOGIN_NAME_MATCHES = (column: string) => `lower(${column} COLLATE "C") = $1`;
