import { z } from 'zod';
import { normaliseOtpCode, OTP_CODE_PATTERN, OTP_MESSAGES } from '../index.ts';

/**
 * POST /otp/sendOtpSms and POST /otp/verifyOtp. The pending sign-in is named by the httpOnly cookie the
 * password step set, so the bodies carry no id; both calls travel encrypted (contract/calls.ts).
 */

/** sendOtpSms: nothing to say but "send". */
export const sendOtpRequestSchema = z.object({});

/** sendOtpSms → envelope: where the code went (masked) and the clocks the OTP step shows. */
export const sendOtpResponseSchema = z.object({
  maskedMobile: z.string(),
  /** Seconds until this code stops being good. */
  expiresInSeconds: z.number().int().nonnegative(),
  /** Seconds until another code may be asked for; null when no more codes may be sent. */
  resendInSeconds: z.number().int().nonnegative().nullable(),
  sendsLeft: z.number().int().nonnegative(),
});
export type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;

/**
 * verifyOtp: the code as typed, tidied as the OTP step tidies it, so a client that sends "123 456" is taken
 * as the form takes it. Its answer is the login answer (a text body holding JSON with the token).
 */
export const verifyOtpRequestSchema = z.object({
  otp: z.string().overwrite(normaliseOtpCode).regex(OTP_CODE_PATTERN, OTP_MESSAGES.codeFormat),
});
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;
