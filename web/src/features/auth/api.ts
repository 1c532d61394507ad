import { API_PATHS } from '../../../../contract/index.ts';
import { api, type ApiFailure } from '../../lib/http/index.ts';
import { clearSession } from '../../lib/session/storage.ts';

// The contract's zod schemas load when a call is made, not with the login screen: zod would cost the
// login route about 26 KB gzipped of its first-load budget (scripts/size-budget.ts).
const schemas = () => import('../../../../contract/schemas/auth.ts');

/** Sign-in calls: the one-time login nonce, then authenticate (spec §7). Loaded once the login form is used (signInSteps.ts). */
export type LoginOutcome =
  | { kind: 'token'; token: string }
  /** The account also needs an SMS one-time password. */
  | { kind: 'otp'; maskedMobile: string }
  /** Wrong credentials, lockout, an expired form: the server's own words. */
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable' };

export interface LoginInput {
  loginName: string;
  password: string;
  rememberMe: boolean;
  /** The device description for the audit trail. */
  model: string;
}

function failed(result: ApiFailure): LoginOutcome {
  switch (result.kind) {
    case 'network':
    case 'timeout':
    case 'aborted':
      return { kind: 'unreachable' };
    case 'refused':
    case 'session':
    case 'server':
      return { kind: 'refused', message: result.header?.responseDesc || `Sign-in failed (${result.status}).` };
    case 'http':
    case 'bad-answer':
      return { kind: 'refused', message: `Sign-in failed (${result.status}).` };
  }
}

export async function signIn(input: LoginInput): Promise<LoginOutcome> {
  // The form shows every failure itself: no toasts.
  const nonce = await api.get<unknown>(API_PATHS.loginNonce, { quiet: true });
  if (!nonce.ok) return failed(nonce);
  const { loginNonceResponseSchema, loginResponseSchema } = await schemas();
  const parsedNonce = loginNonceResponseSchema.safeParse(nonce.responseJSON);
  if (!parsedNonce.success) return { kind: 'refused', message: 'Sign-in is not available right now.' };

  const result = await api.post<unknown>(
    API_PATHS.authenticate,
    { ...input, authenticityToken: parsedNonce.data.authenticityToken },
    { quiet: true, block: true },
  );
  if (result.ok) {
    // The login answer is a text body holding JSON (spec §7), which the HTTP layer reads whole.
    const parsed = loginResponseSchema.safeParse(result.responseJSON);
    if (parsed.success && parsed.data.token) return { kind: 'token', token: parsed.data.token };
    if (parsed.success && parsed.data.otpRequired) return { kind: 'otp', maskedMobile: parsed.data.maskedMobile ?? '' };
  }
  // A failed login logs out (spec §8): nothing of an earlier session may survive it.
  clearSession();
  return result.ok ? { kind: 'refused', message: 'Sign-in failed.' } : failed(result);
}
