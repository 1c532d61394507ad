import { serverNow, type Clock } from './clock.ts';

/**
 * The browser's clock for the session engine: the server's time (clock.ts) and the timer functions, looked
 * up at call time so fake timers apply. Apart from clock.ts, which the first load needs for the time alone:
 * every name a first-load module exports is first-load code (docs/decisions/0038).
 */
export const systemClock: Clock = {
  now: serverNow,
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof globalThis.setInterval>),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
};
