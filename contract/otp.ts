/**
 * SMS one-time passwords (the second factor after the password): rules of our own, beyond the
 * specification, written once for the server and the app.
 */

export const OTP = {
  /** Digits in a code. */
  CODE_LENGTH: 6,
  /** A code is good for this long after it was sent. */
  CODE_TTL_MS: 5 * 60_000,
  /**
   * Wrong codes allowed per login name within LOGIN_THROTTLE.WINDOW_MS, over all its sign-ins (not per
   * code, nor per sign-in: neither a resend nor signing in again gives more tries); the last one locks
   * the login name as LOGIN_THROTTLE does (docs/decisions/0028).
   */
  MAX_TRIES: 5,
  /** Wait between two sends for one pending sign-in. */
  RESEND_COOLDOWN_MS: 30_000,
  /** Codes sent per pending sign-in, the first one included. */
  MAX_SENDS: 3,
  /**
   * SMS per login name, and per mobile number (several accounts may share one), within SMS_WINDOW_MS
   * from the first: a few sign-ins' worth for the user, a ceiling on what anyone can make us send to a
   * phone (docs/decisions/0028).
   */
  SMS_PER_LOGIN: 10,
  SMS_PER_MOBILE: 10,
  SMS_WINDOW_MS: 60 * 60_000,
  /**
   * A check that completed the sign-in, sent again with the same code from the same pending sign-in within
   * this time (its answer lost on the way), is answered the same session again, as a lost refresh answer is
   * (docs/decisions/0011, amended).
   */
  ANSWER_AGAIN_MS: 30_000,
} as const;

/** A code as typed: exactly CODE_LENGTH digits. */
export const OTP_CODE_PATTERN = /^\d{6}$/;

/**
 * A code as the user typed or pasted it, made ready for OTP_CODE_PATTERN: SMS apps group the digits
 * ("123 456") and a copy often takes the space or line break beside them, so white space and hyphens go.
 */
export const normaliseOtpCode = (typed: string): string => typed.replace(/[\s-]/g, '');

/** Header responseCode values of the one-time password calls, so the app can react to each. */
export const OTP_RESPONSE_CODE = {
  /** Wrong code; responseJSON.triesLeft says how many remain. */
  INCORRECT: '4301',
  /** The code's five minutes are over: ask for a new one. */
  EXPIRED: '4302',
  /** MAX_TRIES wrong codes: this sign-in is over, start again with the password. */
  TOO_MANY_TRIES: '4303',
  /** No such pending sign-in, or it expired or was completed: start again with the password. */
  SIGN_IN_EXPIRED: '4304',
  /** Asked again within the cool-down; responseJSON.resendInSeconds says when it may. */
  RESEND_TOO_SOON: '4305',
  /** MAX_SENDS codes were sent already. */
  SEND_LIMIT: '4306',
  /** Verify before any code was sent. */
  NOT_SENT: '4307',
  /** SMS_PER_LOGIN or SMS_PER_MOBILE codes went out this hour; the message says when more may. */
  SMS_HOURLY_LIMIT: '4308',
  /** The login name is locked (too many wrong codes or passwords): start again once the lock ends. */
  LOCKED: '4309',
  /**
   * The SMS gateway refuses the account's mobile number for good: no code can reach it, however often asked
   * (docs/decisions/0100, amended 2026-11-29).
   */
  MOBILE_REFUSED: '4310',
  /** The SMS gateway could not take the message. */
  SMS_FAILED: '5301',
} as const;
export type OtpResponseCode = (typeof OTP_RESPONSE_CODE)[keyof typeof OTP_RESPONSE_CODE];

/** `****1234`: only the last four digits of a mobile number are ever shown or logged. */
export function maskMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  return `****${digits.slice(-4)}`;
}

/**
 * Whole minutes left until `until` (epoch ms) at `now`, at least one: how long a lock or a send limit still
 * holds, as its message says it ("try again in 1 minute", never "in 0 minutes").
 */
export function minutesUntil(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 60_000));
}

/** Whole seconds left until `until` (epoch ms) at `now`, never negative. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * SMS one-time password: what the server answers and the OTP step shows (our wording, beyond the spec).
 * Here, not in messages.ts, so that the web app's first load (which imports other messages) leaves it out
 * (docs/decisions/0019-first-load-budget-and-start-up.md).
 */
export const OTP_MESSAGES = {
  /** The step's first line: the account needs a one-time password; {mobile} is the masked mobile number. */
  required: 'For your security, this account also needs a one-time password sent by SMS to {mobile}.',
  codeIncorrect: (triesLeft: number) =>
    `The code is incorrect. Please check it and try again (${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left).`,
  codeExpired: 'The code has expired. Please ask for a new code.',
  /** The last wrong code locks the login name (LOGIN_THROTTLE.LOCK_MS): say so, and for how long. */
  tooManyTries: (minutes: number) =>
    `Too many tries. For your security, sign-in to this account is locked for ${minutes} minute${minutes === 1 ? '' : 's'}. Please log in again after that.`,
  signInExpired: 'Your sign-in has expired. Please log in again.',
  resendTooSoon: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before asking for another code.`,
  sendLimit: 'No more codes can be sent for this sign-in. Please log in again.',
  notSent: 'No code has been sent yet. Please ask for a code.',
  smsHourlyLimit: (minutes: number) =>
    `Too many codes have been sent to this account or mobile number. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  smsFailed: 'The SMS could not be sent. Please try again later.',
  mobileRefused: (masked: string, phone: string) =>
    `We cannot send a code to your mobile number ${masked}: the SMS service does not accept it. To change the number, please contact ${phone}.`,
  codeSent: 'Code sent.',
  codeFormat: 'Enter the 6-digit code from the SMS.',
  /** The OTP step's own words: the cool-down of "send a new code", announced politely, never every second. */
  resendIn: (seconds: number) => `You can ask for a new code in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  resendReady: 'You can now ask for a new code.',
  newCodeSent: 'A new code has been sent.',
  lastCode: 'This is the last code that can be sent for this sign-in.',
  sending: 'Sending a code…',
  /** The SMS itself. */
  smsText: (code: string, minutes: number) =>
    `Your PTIB e-Services one-time password is ${code}. It expires in ${minutes} minutes. Never share it.`,
} as const;
