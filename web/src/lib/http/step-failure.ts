import type { ApiFailure } from './types.ts';

/**
 * How a step that shows its own errors (sign-in, the one-time password) reads a failed call: the server
 * could not be reached, or it refused, in its own words when it gave some. Kept out of index.ts: only the
 * lazily loaded sign-in calls use it.
 */
export type StepFailure = { kind: 'refused'; code: string; message: string } | { kind: 'unreachable' };

/** `fallback` words the refusal when the answer carried none (an HTTP error, an answer that is not ours). */
export function stepFailure(result: ApiFailure, fallback: (status: number) => string): StepFailure {
  switch (result.kind) {
    case 'network':
    case 'timeout':
    case 'aborted':
      return { kind: 'unreachable' };
    case 'refused':
    case 'session':
    case 'server':
      return {
        kind: 'refused',
        code: result.header?.responseCode ?? String(result.status),
        message: result.header?.responseDesc || fallback(result.status),
      };
    case 'http':
    case 'bad-answer':
      return { kind: 'refused', code: String(result.status), message: fallback(result.status) };
  }
}
