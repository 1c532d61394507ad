import { API_PATHS, LOGIN_FORM_MESSAGES } from '#contract/index.ts';
import { api, systemDifficultiesMessage } from '../../lib/http/index.ts';

// The contract's zod schemas load when a call is made, not with the login screen: zod would cost the
// login route about 26 KB gzipped of its first-load budget (scripts/size-budget.ts).
const schemas = () => import('#contract/schemas/saml.ts');

export type SsoStart = { kind: 'redirect'; url: string } | { kind: 'failed'; message: string };

/** POST /api/saml/initial: where to send the browser to sign in with the identity provider. */
export async function startSso(): Promise<SsoStart> {
  const result = await api.post<unknown>(API_PATHS.samlInitial, {}, { quiet: true, block: true });
  if (!result.ok) {
    if (result.kind === 'network' || result.kind === 'timeout' || result.kind === 'aborted') {
      return { kind: 'failed', message: systemDifficultiesMessage() };
    }
    const header = 'header' in result ? result.header : null;
    return { kind: 'failed', message: header?.responseDesc || LOGIN_FORM_MESSAGES.signInFailed };
  }
  const { samlInitialResponseSchema } = await schemas();
  const parsed = samlInitialResponseSchema.safeParse(result.responseJSON);
  return parsed.success
    ? { kind: 'redirect', url: parsed.data.redirectUrl }
    : { kind: 'failed', message: LOGIN_FORM_MESSAGES.signInFailed };
}
