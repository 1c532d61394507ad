import { API_PATHS, LOGIN_FORM_MESSAGES } from '#contract/index.ts';
import type { SendOtpResponse } from '#contract/schemas/otp.ts';
import { api, type ApiFailure } from '../../lib/http/index.ts';
import { stepFailure, type StepFailure } from '../../lib/http/step-failure.ts';

// The contract's zod schemas load when a call is made, not with the login screen: zod would cost the
// login route about 26 KB gzipped of its first-load budget (scripts/size-budget.ts).
const schemas = () =>
  Promise.all([import('#contract/schemas/auth.ts'), import('#contract/schemas/otp.ts')]).then(([auth, otp]) => ({
    loginResponseSchema: auth.loginResponseSchema,
    sendOtpResponseSchema: otp.sendOtpResponseSchema,
  }));

/**
 * The one-time password calls (both travel encrypted; the HTTP layer does that). The pending sign-in is
 * named by the httpOnly cookie the password step's answer set, so neither call carries an id.
 */
/** A refusal carries the server's responseCode (OTP_RESPONSE_CODE) and its own words. */
export type OtpFailure = StepFailure;

export type SendOutcome = { kind: 'sent'; sent: SendOtpResponse } | OtpFailure;
export type VerifyOutcome = { kind: 'token'; token: string } | OtpFailure;

const failed = (result: ApiFailure): OtpFailure => stepFailure(result, () => LOGIN_FORM_MESSAGES.signInFailed);

/** The step shows every failure itself: quiet calls, no toasts. */
export async function sendOtp(): Promise<SendOutcome> {
  const result = await api.post<unknown>(API_PATHS.sendOtpSms, {}, { quiet: true });
  if (!result.ok) return failed(result);
  const { sendOtpResponseSchema } = await schemas();
  const parsed = sendOtpResponseSchema.safeParse(result.responseJSON);
  return parsed.success
    ? { kind: 'sent', sent: parsed.data }
    : { kind: 'refused', code: 'bad-answer', message: LOGIN_FORM_MESSAGES.signInFailed };
}

export async function verifyOtp(otp: string): Promise<VerifyOutcome> {
  const result = await api.post<unknown>(API_PATHS.verifyOtp, { otp }, { quiet: true, block: true });
  if (!result.ok) return failed(result);
  // The same answer as the password step's: a text body holding JSON with the token.
  const { loginResponseSchema } = await schemas();
  const parsed = loginResponseSchema.safeParse(result.responseJSON);
  return parsed.success && parsed.data.token
    ? { kind: 'token', token: parsed.data.token }
    : { kind: 'refused', code: 'bad-answer', message: LOGIN_FORM_MESSAGES.signInFailed };
}
