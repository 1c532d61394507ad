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

/** The 42 error codes accepted by the error screens, compared exactly as listed (§5). */
export const ERROR_CODES = [
  'd-994',
  'ee-988',
  'ee-989',
  'ee-995',
  'ee-996',
  'didec-961',
  'disel-960',
  'dirmg-968',
  'serba-967',
  'dicud-965',
  'didil-964',
  'dirapp-963',
  'didra-962',
  'ei-992',
  'ei-993',
  'ei-990',
  'ei-991',
  'dacod-986',
  'prepo-969',
  'bcpro-971',
  'bcpro-972',
  'eobdr-977',
  'eobdr-976',
  'eobeo-974',
  'eobeo-975',
  'eecod-984',
  'eecom-982',
  'eecom-983',
  'ptesa-970',
  'eecom-981',
  'emapp-980',
  'emctc-987',
  'emmax-979',
  'PTACC-948',
  'PTACC-951',
  'PTACC-950',
  'TAEFN-956',
  'TACID-955',
  'PTBKC-957',
  'RP424-958',
  'PTACC-949',
  'dicod-966',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Shown instead of a code that is missing or not one of ERROR_CODES. */
export const INVALID_CODE = 'InvalidCode';

const errorCodeSet: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && errorCodeSet.has(value);
}

/** The code an error screen shows: the given one when listed, otherwise InvalidCode. */
export function displayErrorCode(value: unknown): ErrorCode | typeof INVALID_CODE {
  return isErrorCode(value) ? value : INVALID_CODE;
}

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
