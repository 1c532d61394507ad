/**
 * What the login form, home and the shell tell the user about the session (our wording, beyond the
 * specification), written once for the screens and their tests. The hand-over question, the session
 * warning and the signed-in home have theirs in session-screens.ts, so that the first load, which needs
 * this module, leaves them out (docs/decisions/0038-first-load-back-under-budget.md). The login form's
 * stay here: #/login loads them at once, and in a chunk of their own they would cost it more than they
 * cost #/home here.
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
} as const;

/** Home's messages for its steps (spec §2: step=logout, wrongToken, step=interrupted). */
export const HOME_STEP_MESSAGES = {
  loggedOut: 'You have been logged out. To continue, please log in again.',
  wrongToken: 'Your session is no longer valid, so you have been logged out for your security. Please log in again.',
  interrupted:
    'Your session has ended because your account was signed in somewhere else. If this was not you, please change your password after you log in.',
  loginRequired: 'Please log in to continue.',
} as const;

export const LOGOUT_LABEL = 'Log out';

/** Home's query value that opens the login dialog after a failed guard. */
export const LOGIN_REQUIRED_QUERY = { name: 'login', value: 'required' } as const;
