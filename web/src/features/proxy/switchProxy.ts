import { MESSAGES, RESPONSE_CODE, ROUTES } from '#contract/index.ts';
import type { AppEvents } from '../../lib/events/bus.ts';
import { CallFailed } from './api.ts';
import type { ProxyOption } from './options.ts';

export interface SwitchDeps {
  /** POST switchProxyProfile; resolves with the profile now acted for ('' = myself). */
  call: (ptibProfileID: string) => Promise<string>;
  /** Records the choice (sessionStorage), invalidates the identity and tells the other tabs. */
  recordSwitch: (ptibProfileID: string) => void;
  /** Loads the identity of the profile now acted for. */
  reloadIdentity: () => Promise<{ kind: string }>;
  navigate: (to: string) => void;
  /** Runs the current screen's guards again. */
  recheckRoute: () => void;
  emit: <K extends keyof AppEvents>(event: K, payload: AppEvents[K]) => void;
}

export type SwitchOutcome = 'switched' | 'refused' | 'failed';

/**
 * Switches whom the user acts for. A refusal with header 403 sends the user home with the error
 * 'Access forbidden' and the server's reason, in a toast titled like every error toast (spec §2, §6). (A 403 'Forbidden' is a dead token: the HTTP
 * layer reports it as a session end, and the session engine logs out.)
 */
export async function switchProxy(option: ProxyOption, deps: SwitchDeps): Promise<SwitchOutcome> {
  let actingId: string;
  try {
    actingId = await deps.call(option.ptibProfileID);
  } catch (error) {
    const failure = error instanceof CallFailed ? error.failure : null;
    if (failure?.kind === 'refused') {
      const { responseCode, responseDesc } = failure.header;
      if (responseCode === RESPONSE_CODE.FORBIDDEN || failure.status === 403) {
        deps.navigate(ROUTES.home);
        deps.emit('toast', { severity: 'error', message: `${MESSAGES.accessForbidden}: ${responseDesc}` });
        return 'refused';
      }
      deps.emit('toast', { severity: 'error', message: responseDesc });
      return 'failed';
    }
    // Session ends, server failures and lost connections were reported by the HTTP layer already.
    const reported = failure && ['session', 'server', 'network', 'timeout', 'aborted'].includes(failure.kind);
    if (!reported) deps.emit('toast', { severity: 'error', message: MESSAGES.somethingWrong });
    return 'failed';
  }
  deps.recordSwitch(actingId);
  if ((await deps.reloadIdentity()).kind !== 'ok') {
    // The profile now acted for cannot be shown (blocked, say): the guards say where to go instead.
    deps.recheckRoute();
    return 'switched';
  }
  deps.emit('toast', {
    severity: 'success',
    message: option.myself ? 'You are now acting as yourself.' : `You are now acting for ${option.label}.`,
  });
  return 'switched';
}
