import { MESSAGES } from '#contract/index.ts';
import { FAILED, LOADING, type Loadable } from '../../lib/http/useLoad.ts';
import type { Failure, Outcome } from './api.ts';

/** What a failed call says on screen: the server's own reason when it gave one, else the portal's. */
export function failureMessage(outcome: Failure): string {
  switch (outcome.kind) {
    case 'refused':
    case 'stale':
      return outcome.message;
    default:
      return MESSAGES.somethingWrong;
  }
}

/**
 * A load as LoadStatus shows it, with the words for its failure. A session that ended stays loading: the
 * session engine takes over the page.
 */
export function shownLoad<T>(state: Loadable<Outcome<T>>): { state: Loadable<T>; failed: string } {
  if (state.kind !== 'ready') return { state, failed: MESSAGES.somethingWrong };
  const outcome = state.value;
  if (outcome.ok) return { state: { kind: 'ready', value: outcome.value }, failed: '' };
  if (outcome.kind === 'session' || outcome.kind === 'aborted') return { state: LOADING, failed: '' };
  return { state: FAILED, failed: failureMessage(outcome) };
}

/** Whether an action's outcome is an answer (docs/decisions/0066): none came, or none could be read, is not. */
export const isAnswer = (outcome: { ok: boolean; kind?: string }): boolean =>
  outcome.ok || (outcome.kind !== 'unreachable' && outcome.kind !== 'failed');
