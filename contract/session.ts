/**
 * What the login form and the shell tell the user about the session (our wording, beyond the
 * specification), written once for the screens and their tests. Home's step messages are in home.ts; the
 * hand-over question, the session warning and the signed-in home have theirs in session-screens.ts, so
 * that the first load, which needs this module, leaves them out
 * (docs/decisions/0038-first-load-back-under-budget.md). The login form's stay here: #/login loads them at
 * once, and in a chunk of their own they would cost it more than they cost #/home here.
 */

/**
 * Messages of the login form: its fields' (the summary above them is MESSAGES.validationSummary) and a
 * sign-in that could not be completed. What the sign-in call and the one-time password step say is in
 * auth.ts (SIGN_IN_MESSAGES) and otp.ts, which load with them.
 */
export const LOGIN_FORM_MESSAGES = {
  loginNameRequired: 'Enter your login name.',
  passwordRequired: 'Enter your password.',
  /** A token handed over by another service (access-initial) could not be kept. */
  signInFailed: 'We could not sign you in. Please log in again.',
  /** Above the form in the login dialog, which opens on home after a guard sent the user there. */
  loginRequired: 'Please log in to continue.',
} as const;

export const LOGOUT_LABEL = 'Log out';

/** Home's query value that opens the login dialog after a failed guard. */
export const LOGIN_REQUIRED_QUERY = { name: 'login', value: 'required' } as const;
