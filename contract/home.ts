/**
 * Home's messages for its steps (spec §2: step=logout, wrongToken, step=interrupted; our wording). Apart
 * from session.ts, which the first load needs: only home's own lazily loaded chunk shows them, and every
 * name a first-load module exports is first-load code (docs/decisions/0038-first-load-back-under-budget.md).
 */
export const HOME_STEP_MESSAGES = {
  loggedOut: 'You have been logged out. To continue, please log in again.',
  wrongToken: 'Your session is no longer valid, so you have been logged out for your security. Please log in again.',
  interrupted:
    'Your session has ended because your account was signed in somewhere else. If this was not you, please change your password after you log in.',
} as const;
