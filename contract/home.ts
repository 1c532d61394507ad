/**
 * Home's messages for its steps (spec §2: step=logout, wrongToken, step=interrupted; our wording). Apart
 * from session.ts, which the first load needs: only home's own lazily loaded chunk shows them, and every
 * name a first-load module exports is first-load code (docs/decisions/0038-first-load-back-under-budget.md).
 */
/**
 * What to do when a sign-in was not the user's own: the portal has no way to change a password (only the
 * helpdesk resets one), so the helpdesk it is. {phone} is the deployment's number (withPhone).
 */
export const NOT_YOU_CALL_HELPDESK = 'If this was not you, please call the PTIB helpdesk on {phone}.';

export const HOME_STEP_MESSAGES = {
  loggedOut: 'You have been logged out. To continue, please log in again.',
  wrongToken: 'Your session is no longer valid, so you have been logged out for your security. Please log in again.',
  interrupted: `Your session has ended because your account was signed in somewhere else. ${NOT_YOU_CALL_HELPDESK}`,
} as const;
