import { z } from 'zod';
import { AUTH_MESSAGES, LOGIN_LIMITS, LOGIN_NAME_PATTERN } from '../auth.ts';

/** Sign-in and session calls (spec §3, §7; decisions.md §4–§5). Strings are bounded so bad input is a 400. */

/** GET /api/login-nonce → envelope { authenticityToken }: a one-time login nonce issued to this browser. */
export const loginNonceResponseSchema = z.object({ authenticityToken: z.string() });
export type LoginNonceResponse = z.infer<typeof loginNonceResponseSchema>;

/** POST /api/authenticate: the login payload. */
export const loginRequestSchema = z.object({
  loginName: z
    .string()
    .trim()
    .min(1, 'loginName is required')
    .max(LOGIN_LIMITS.LOGIN_NAME_MAX_LENGTH, 'loginName is too long')
    .regex(LOGIN_NAME_PATTERN, AUTH_MESSAGES.loginNameCharacters),
  password: z.string().min(1, 'password is required').max(LOGIN_LIMITS.PASSWORD_MAX_LENGTH, 'password is too long'),
  /** The client's device description, kept for the audit trail. */
  model: z.string().max(500, 'model is too long').default(''),
  authenticityToken: z.string().min(1, 'authenticityToken is required').max(200),
  rememberMe: z.boolean().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** POST /01-01-01/refreshJWT → envelope { token, tokenExpirationDate: yyyyMMddTHHmmss, Singapore time }. */
export const refreshResponseSchema = z.object({
  token: z.string(),
  tokenExpirationDate: z.string().regex(/^\d{8}T\d{6}( ?GMT)?$/),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const yesNoSchema = z.enum(['Y', 'N']);

export const addressSchema = z.object({
  blockHouseNo: z.string(),
  streetName: z.string(),
  floorUnit: z.string(),
  buildingName: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** POST /01-01-01/retrieveProfile → envelope of the user identity (spec §3) for the acting profile. */
export const userIdentitySchema = z.object({
  /** Used as authorities. */
  roles: z.array(z.string()),
  /** Authorizations (SEMS01…), cached by the app in sessionStorage. */
  authorizations: z.array(z.string()),
  header: z.string(),
  imageUrl: z.string().nullable(),
  isPTIBBlocked: yesNoSchema,
  proxyInd: yesNoSchema,
  PTIBName: z.string(),
  idNum: z.string(),
  mobileNum: z.string(),
  correspondenceAddressDetails: addressSchema,
  dashboardMessage: z.string().nullable(),
  /** The profile acted for now, and the user's own (equal unless in proxy mode). */
  ptibProfileID: z.string(),
  ownPtibProfileID: z.string(),
  loginName: z.string(),
});
export type UserIdentity = z.infer<typeof userIdentitySchema>;

/**
 * The login answer: a text body holding JSON (spec §7). When the account needs a second factor the
 * token is absent and otpRequired/maskedMobile say so (see the OTP calls). With a token, the identity the
 * profile call would answer, when it would answer one (docs/decisions/0058): the app then shows the
 * dashboard without asking for it.
 */
export const loginResponseSchema = z.object({
  token: z.string().optional(),
  otpRequired: z.boolean().optional(),
  maskedMobile: z.string().optional(),
  identity: userIdentitySchema.optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /01-01-01/retrieveMasterPTIBList → envelope { masterPTIBList }. */
export const masterPtibEntrySchema = z.object({
  ptibProfileID: z.string(),
  ptibNme: z.string(),
  proxyUserName: z.string(),
  proxyInd: yesNoSchema,
  masterBlock: yesNoSchema,
  correspondenceAddressDetails: addressSchema,
});
export type MasterPtibEntry = z.infer<typeof masterPtibEntrySchema>;
export const masterListResponseSchema = z.object({ masterPTIBList: z.array(masterPtibEntrySchema) });

/** POST /01-01-01/switchProxyProfile { ptibProfileID } (empty string: act as myself). */
export const switchProxyRequestSchema = z.object({
  ptibProfileID: z.string().max(40, 'ptibProfileID is too long'),
});
export const switchProxyResponseSchema = z.object({ ptibProfileID: z.string() });
