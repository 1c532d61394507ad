import { MESSAGES } from '../../../../contract/index.ts';
import type { Failure } from './api.ts';

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
