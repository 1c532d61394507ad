import { API_PATHS } from './paths.ts';

/**
 * Which calls are which, by API path (relative to the API base). The web app's HTTP layer and the
 * server both read these lists, so a call is encrypted, or treated as an account call, on both sides
 * or on neither.
 */

/**
 * Account calls (spec §8): sign-in, nonce, logout, refresh, one-time password and SAML. A 401 from one
 * of them still logs out, but is not broadcast as an httpError (the sign-in screen shows its own).
 */
export const ACCOUNT_CALL_PATHS: readonly string[] = [
  API_PATHS.authenticate,
  API_PATHS.loginNonce,
  API_PATHS.logout,
  API_PATHS.refresh,
  API_PATHS.sendOtpSms,
  API_PATHS.verifyOtp,
  API_PATHS.samlInitial,
  API_PATHS.sessionHandover,
  API_PATHS.sessionExchange,
];

/**
 * Calls whose request and answer bodies travel encrypted (hybrid RSA-OAEP + AES-GCM, see
 * contract/crypto and docs/decisions): those that carry passwords or personal data. The server refuses
 * them in plain text.
 */
export const ENCRYPTED_CALL_PATHS: readonly string[] = [
  API_PATHS.authenticate,
  API_PATHS.retrieveProfile,
  API_PATHS.retrieveMasterPTIBList,
  API_PATHS.sendOtpSms,
  API_PATHS.verifyOtp,
  // A hand-over code is as good as a session for a minute, and the answers carry a name or a token.
  API_PATHS.sessionHandover,
  API_PATHS.sessionExchange,
];

const withoutQuery = (path: string) => path.split(/[?#]/, 1)[0] ?? '';

export function isAccountCall(path: string): boolean {
  return ACCOUNT_CALL_PATHS.includes(withoutQuery(path));
}

export function isEncryptedCall(path: string): boolean {
  return ENCRYPTED_CALL_PATHS.includes(withoutQuery(path));
}

/** Time limit of one call from the web app, after which it counts as a network failure. */
export const CALL_TIMEOUT_MS = 30_000;

/** Double-submit XSRF protection (spec §7): the server sets the cookie, the app copies it into the header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
