import { API_PATHS, LOGIN_FORM_MESSAGES, SSO_MESSAGES } from '#contract/index.ts';
import { api, systemDifficultiesMessage } from '../../lib/http/index.ts';

/**
 * The hand-over code of #/access-initial?auth= (docs/decisions/0030): single sign-on leaves a one-time
 * code, good for a minute in this browser only, which the app exchanges for a session. When another user
 * is signed in here, the screen first asks; the code waits in memory (never in storage) meanwhile.
 */

// zod loads with the call, not with the first load (as in features/sso/api.ts).
const schemas = () => import('#contract/schemas/saml.ts');

export interface Person {
  loginName: string;
  name: string;
}

export type HandoverAnswer<T> = { kind: 'ok'; value: T } | { kind: 'failed'; message: string };

async function call<T>(path: string, code: string, read: (json: unknown) => T | null): Promise<HandoverAnswer<T>> {
  const result = await api.post<unknown>(path, { code }, { quiet: true, block: true });
  if (!result.ok) {
    if (result.kind === 'network' || result.kind === 'timeout' || result.kind === 'aborted') {
      return { kind: 'failed', message: systemDifficultiesMessage() };
    }
    // However the server refused it (spent, expired, another browser's, or not a code at all), the user
    // can only sign in again.
    return {
      kind: 'failed',
      message: result.kind === 'refused' ? SSO_MESSAGES.handoverInvalid : LOGIN_FORM_MESSAGES.signInFailed,
    };
  }
  const value = read(result.responseJSON);
  return value === null ? { kind: 'failed', message: LOGIN_FORM_MESSAGES.signInFailed } : { kind: 'ok', value };
}

/** POST /api/session/handover: whom the code would sign in; the code stays good. */
export async function peekHandover(code: string): Promise<HandoverAnswer<Person>> {
  const { handoverPeekResponseSchema } = await schemas();
  return call(API_PATHS.sessionHandover, code, (json) => {
    const parsed = handoverPeekResponseSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  });
}

/** POST /api/session/exchange: the new session's token; the code is used up. */
export async function exchangeHandover(code: string): Promise<HandoverAnswer<string>> {
  const { handoverExchangeResponseSchema } = await schemas();
  return call(API_PATHS.sessionExchange, code, (json) => {
    const parsed = handoverExchangeResponseSchema.safeParse(json);
    return parsed.success ? parsed.data.token : null;
  });
}

/** What the access-initial screen shows when its guard stops there. */
export type HandoverScreenState =
  | { kind: 'question'; code: string; current: Person; next: Person }
  | { kind: 'failed'; message: string; signedIn: boolean };

let screenState: HandoverScreenState | null = null;

export const handoverScreen = {
  get: (): HandoverScreenState | null => screenState,
  set: (state: HandoverScreenState | null): void => {
    screenState = state;
  },
};

/** "Name (login name)", as the question names each user. */
export const personLabel = (p: Person) =>
  p.name && p.name !== p.loginName ? `${p.name} (${p.loginName})` : p.loginName;

/** Same account: login names compare without case, as the server's do. */
export const samePerson = (a: Person, b: Person) => a.loginName.toLowerCase() === b.loginName.toLowerCase();
