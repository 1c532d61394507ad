/**
 * What the login form and the shell tell the user about the session (our wording, beyond the
 * specification), written once for the screens and their tests. Home's step messages are in home.ts; the
 * hand-over question, the session warning and the signed-in home have theirs in session-screens.ts, so
 * that the first load, which needs this module, leaves them out
 * (docs/decisions/0038-first-load-back-under-budget.md). The login form's stay here: #/login loads them at
 * once, and in a chunk of their own they would cost it more than they cost #/home here.
 */

/** Field messages of the login form; the summary above them is MESSAGES.validationSummary. */
export const LOGIN_FORM_MESSAGES = {
  loginNameRequired: 'Enter your login name.',
  passwordRequired: 'Enter your password.',
  /** The account needs a one-time password; {mobile} is the masked mobile number. */
  otpRequired: 'For your security, this account also needs a one-time password sent by SMS to {mobile}.',
  /** A token handed over by another service (access-initial) could not be kept. */
  signInFailed: 'We could not sign you in. Please log in again.',
  /** The sign-in call failed without the server's own words; {status} is the HTTP status. */
  signInFailedStatus: 'Sign-in failed ({status}).',
  /** The sign-in answer held neither a token nor a one-time password step. */
  signInRefused: 'Sign-in failed.',
  /** The login nonce could not be read. */
  signInUnavailable: 'Sign-in is not available right now.',
  /** Above the form in the login dialog, which opens on home after a guard sent the user there. */
  loginRequired: 'Please log in to continue.',
} as const;

export const LOGOUT_LABEL = 'Log out';

/** Home's query value that opens the login dialog after a failed guard. */
export const LOGIN_REQUIRED_QUERY = { name: 'login', value: 'required' } as const;
