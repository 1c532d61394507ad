import { CASE_STATUSES, DASHBOARD_LATEST_COUNT } from './cases.ts';
import type { LoginNonceResponse, LoginResponse, RefreshResponse, UserIdentity } from './schemas/auth.ts';
import type { ProxyWithdrawn } from './schemas/envelope.ts';
import type { CatalogueResponse, CasesSummary } from './schemas/eservices.ts';

/**
 * Readers of the answers the sign-in journey reads in the browser: the login nonce and answer, the
 * profile, the refresh, the catalogue and the records summary. The server checks what it sends with the
 * contract's zod schemas (contract/schemas); the web app reads these answers with the readers below,
 * which accept exactly what those schemas accept and give what they give (unknown keys dropped), so the
 * sign-in journey loads no zod: about 20 KB of a phone's JavaScript (docs/decisions/0052). A unit test
 * holds each reader to its schema (contract/answers.unit.test.ts); every other answer is read with zod.
 */

/** Reads an untrusted value as a T, or throws NotTheShape. */
export type Reader<T> = (value: unknown) => T;

/** A value that is not what its reader reads. */
export class NotTheShape extends Error {}

const fail = (): never => {
  throw new NotTheShape('an answer that does not fit the contract');
};

/** The value read, or null when it is not the shape. */
export function read<T>(reader: Reader<T>, value: unknown): T | null {
  try {
    return reader(value);
  } catch (error) {
    if (error instanceof NotTheShape) return null;
    throw error;
  }
}

export const string: Reader<string> = (v) => (typeof v === 'string' ? v : fail());
export const boolean: Reader<boolean> = (v) => (typeof v === 'boolean' ? v : fail());
/** As zod's int(): a safe integer. */
export const integer: Reader<number> = (v) => (Number.isSafeInteger(v) ? (v as number) : fail());
export const matching =
  (pattern: RegExp): Reader<string> =>
  (v) =>
    typeof v === 'string' && pattern.test(v) ? v : fail();
export const oneOf =
  <const T extends readonly string[]>(values: T): Reader<T[number]> =>
  (v) =>
    values.includes(v as string) ? (v as T[number]) : fail();
export const nullable =
  <T>(reader: Reader<T>): Reader<T | null> =>
  (v) =>
    v === null ? null : reader(v);
export const optional =
  <T>(reader: Reader<T>): Reader<T | undefined> =>
  (v) =>
    v === undefined ? undefined : reader(v);
export const arrayOf =
  <T>(reader: Reader<T>, max = Infinity): Reader<T[]> =>
  (v) =>
    Array.isArray(v) && v.length <= max ? Array.from(v, (item) => reader(item)) : fail();

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** As zod's record(enum, value): every key of `keys`, and no other. */
export const recordOf =
  <K extends string, T>(keys: readonly K[], reader: Reader<T>): Reader<Record<K, T>> =>
  (v) => {
    if (!isPlainObject(v) || Object.keys(v).some((k) => !keys.includes(k as K))) return fail();
    return Object.fromEntries(keys.map((k) => [k, reader(v[k])])) as Record<K, T>;
  };

type Read<S> = { [K in keyof S]: S[K] extends Reader<infer T> ? T : never };

/** As zod's object(): the keys of `shape` read, other keys dropped; an optional key left out stays out. */
export const object =
  <S extends Record<string, Reader<unknown>>>(shape: S): Reader<Read<S>> =>
  (v) => {
    if (!isPlainObject(v)) return fail();
    const out: Record<string, unknown> = {};
    for (const [key, reader] of Object.entries(shape)) {
      const value = reader(v[key]);
      if (value !== undefined || key in v) out[key] = value;
    }
    return out as Read<S>;
  };

/** GET /api/login-nonce. */
export const readLoginNonce: Reader<LoginNonceResponse> = object({ authenticityToken: string });

/** A call refused with header 4110: the profile whose grant was withdrawn. */
export const readProxyWithdrawn: Reader<ProxyWithdrawn> = object({ ptibProfileID: string, PTIBName: string });

/** POST /01-01-01/refreshJWT. */
export const readRefresh: Reader<RefreshResponse> = object({
  token: string,
  tokenExpirationDate: matching(/^\d{8}T\d{6}( ?GMT)?$/),
});

const yesNo = oneOf(['Y', 'N']);

/** POST /01-01-01/retrieveProfile: the user identity (spec §3). */
export const readUserIdentity: Reader<UserIdentity> = object({
  roles: arrayOf(string),
  authorizations: arrayOf(string),
  header: string,
  imageUrl: nullable(string),
  isPTIBBlocked: yesNo,
  proxyInd: yesNo,
  PTIBName: string,
  idNum: string,
  mobileNum: string,
  correspondenceAddressDetails: object({
    blockHouseNo: string,
    streetName: string,
    floorUnit: string,
    buildingName: string,
    postalCode: string,
    country: string,
  }),
  dashboardMessage: nullable(string),
  ptibProfileID: string,
  ownPtibProfileID: string,
  loginName: string,
});

/**
 * POST /api/authenticate and the one-time password's check: the login answer, with the new session's
 * identity when authenticate has one (docs/decisions/0058).
 */
export const readLoginAnswer: Reader<LoginResponse> = object({
  token: optional(string),
  otpRequired: optional(boolean),
  maskedMobile: optional(string),
  identity: optional(readUserIdentity),
});

/** GET /api/eservices. */
export const readCatalogue: Reader<CatalogueResponse> = object({
  groups: arrayOf(
    object({
      name: string,
      menu: string,
      eservices: arrayOf(
        object({ code: string, title: string, description: string, group: string, menu: string, href: string }),
      ),
    }),
  ),
});

const status = oneOf(CASE_STATUSES);

/** GET /api/cases/summary. */
export const readCasesSummary: Reader<CasesSummary> = object({
  counts: recordOf(CASE_STATUSES, (v) => (integer(v) >= 0 ? (v as number) : fail())),
  latest: arrayOf(
    object({
      id: string,
      appCode: string,
      caseNumber: string,
      status,
      version: integer,
      updatedAt: string,
      progress: optional(
        object({
          timeline: arrayOf(object({ status, at: string, message: nullable(string) })),
          request: nullable(
            object({
              message: string,
              requestedAt: string,
              fields: arrayOf(string),
              fieldLabels: arrayOf(string),
            }),
          ),
          nextStep: string,
          decisionReason: nullable(string),
        }),
      ),
    }),
    DASHBOARD_LATEST_COUNT,
  ),
});
