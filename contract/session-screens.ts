/**
 * What the hand-over question, the session warning and the signed-in home tell the user (our wording,
 * beyond the specification). Apart from session.ts because only lazily loaded screens, for a session,
 * use them: a contract module that the first load needs brings every one of its exports used anywhere
 * into the first load (docs/decisions/0038-first-load-back-under-budget.md).
 */

/** The warning shown before an idle session ends, or before its absolute limit (decisions.md §5). */
export const SESSION_WARNING_MESSAGES = {
  title: 'Your session is about to end',
  body: 'For your security, you will be logged out soon because you have not been active.',
  stay: 'Stay signed in',
  logout: 'Log out now',
  /**
   * The session reaches its absolute limit (SESSION_MAX_HOURS after sign-in) at `time` (HH:MM, Singapore):
   * activity cannot extend it, so the user is told when, to save their work, and nothing is offered.
   */
  limitBody: (time: string) =>
    `You have been signed in for the longest time a session may last. For your security, you will be logged out at ${time} (Singapore time). Please save your work now.`,
  limitClose: 'Close',
  /** "Stay signed in" found no server; the session engine keeps trying until the time runs out. */
  stayFailed:
    'We could not reach the server to keep you signed in. We are still trying: please check your internet connection.',
} as const;

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

/** Home for a signed-in user: what applies to them instead of an invitation to log in. */
export const HOME_TEXT = {
  signedInHeading: (name: string) => `Welcome back, ${name}`,
  signedInHeadingNoName: 'Welcome back',
  signedInLead: 'Continue where you left off, or start a new application, payment or search.',
  dashboardLink: 'Go to your dashboard',
  eservicesLink: 'See all e-services',
  /** Signed in with an officer's account (docs/decisions/0049): the PTIB screens are not theirs. */
  backOfficeLead: 'Your work is in the back office: the case queues, or the payments to reconcile.',
  backOfficeLink: 'Go to the back office',
  /** Signed in without authorization SEMS01 (ptib.noauth): the dashboard and e-services are access denied. */
  noEservices:
    'Your account may not use the e-services: authorization SEMS01 is required. Please contact the administrator if you think you should be allowed to use them.',
} as const;
