/**
 * What the sign-in screens and the session tell the user (our wording, beyond the specification),
 * written once for the screens and their tests.
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

/** Home for a signed-in user: what applies to them instead of an invitation to log in. */
export const HOME_TEXT = {
  signedInHeading: (name: string) => `Welcome back, ${name}`,
  signedInHeadingNoName: 'Welcome back',
  signedInLead: 'Continue where you left off, or start a new application, payment or search.',
  dashboardLink: 'Go to your dashboard',
  eservicesLink: 'See all e-services',
} as const;

/** The warning shown before an idle session ends (decisions.md §5). */
export const SESSION_WARNING_MESSAGES = {
  title: 'Your session is about to end',
  body: 'For your security, you will be logged out soon because you have not been active.',
  stay: 'Stay signed in',
  logout: 'Log out now',
} as const;

export const LOGOUT_LABEL = 'Log out';

/** Home's query value that opens the login dialog after a failed guard. */
export const LOGIN_REQUIRED_QUERY = { name: 'login', value: 'required' } as const;

/**
 * #/access-initial when another user is already signed in in this browser (docs/decisions/0030): it asks
 * before replacing the session, naming both. `{current}` and `{next}` are "Name (login name)".
 */
export const HANDOVER_MESSAGES = {
  title: 'You are already signed in',
  question: 'You are signed in as {current}. Single sign-on has just signed in {next}. Which one do you want to use?',
  warning: 'Continuing as {next} signs {current} out of this browser.',
  replace: 'Continue as {next}',
  keep: 'Stay signed in as {current}',
  /** The code could not be used, and the screen stays for a message. */
  failedTitle: 'We could not sign you in',
  toDashboard: 'Go to your dashboard',
  toLogin: 'Log in',
} as const;
