/**
 * The bus events that end the session, and the logout reason each ends it with. One list for the engine,
 * which logs out on them, and for the deferred session, which does so before the engine has loaded: its
 * own module, so the first load can have it without the engine (docs/decisions/0027).
 */
export const ENDS_WITH = {
  'session:forbidden': 'forbidden',
  'session:interrupted': 'interrupted',
  'session:unauthorized': 'unauthorized',
} as const;

export const SESSION_ENDING_EVENTS = Object.keys(ENDS_WITH) as (keyof typeof ENDS_WITH)[];
