import type { ErrorCode } from './errorCodes.ts';

/** Codes of the specification: response codes (§8, decisions.md §4), error codes (§5), application codes (§6). */

/** Header responseCode values with a meaning of their own. */
export const RESPONSE_CODE = {
  OK: '200',
  BAD_REQUEST: '400',
  UNAUTHORIZED: '401',
  /** With responseDesc exactly FORBIDDEN_DESC: wrong, expired or revoked token; the app logs out. */
  FORBIDDEN: '403',
  NOT_FOUND: '404',
  CONFLICT: '409',
  TOO_MANY_REQUESTS: '429',
  SERVER_ERROR: '500',
  UNAVAILABLE: '503',
  /** Profile blocked. */
  PROFILE_BLOCKED: '4100',
  /** Session interrupted: the same login signed in again elsewhere. */
  SESSION_INTERRUPTED: '4200',
  /**
   * Beyond the specification (docs/decisions/0029): the session acts for a profile whose grant was revoked;
   * only the switch back (or to another granted profile) and logout are served until then.
   */
  PROXY_WITHDRAWN: '4110',
} as const;
export type ResponseCode = (typeof RESPONSE_CODE)[keyof typeof RESPONSE_CODE];

/** The exact responseDesc that, with 403, means the token is no good (decisions.md §4). */
export const FORBIDDEN_DESC = 'Forbidden';

/** Forbidden codes (§8). */
export const FORBIDDEN_CODE = {
  /** Profile blocked, or profile call answered 4100. */
  PROFILE_BLOCKED: 'PTACC-948',
  /** Missing authority or authorization. */
  MISSING_AUTHORITY: 'PTACC-951',
} as const satisfies Record<string, ErrorCode>;

/** Reserved by the specification; its use is not shown. */
export const SAP_959 = 'SAP-959';

/** Application codes for e-service areas (§6, decisions.md §6). */
export const APPLICATION_CODES = [
  'PTIB',
  'PIS',
  'PCD',
  'PRD',
  'BIS',
  'FIR',
  'BSA',
  'PNC',
  'SDNE',
  'PC',
  'ICAWL',
  'DAR',
  'PAR',
  'ESA',
  'TRA',
  'TRT',
  'PD',
] as const;
export type ApplicationCode = (typeof APPLICATION_CODES)[number];

export function isApplicationCode(value: unknown): value is ApplicationCode {
  return typeof value === 'string' && (APPLICATION_CODES as readonly string[]).includes(value);
}

/** Authority and authorization the protected areas need (§6). */
export const AUTHORITY_PTIB = 'PTIB';
export const AUTHORIZATION_SEMS01 = 'SEMS01';
