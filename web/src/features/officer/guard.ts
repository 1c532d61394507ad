import { FORBIDDEN_CODE } from '../../../../contract/index.ts';
import { LOGIN_REQUIRED_HREF, accessDeniedHref } from '../../app/guards.ts';
import { ALLOW, type Guard } from '../../lib/router/router.ts';
import { loadMe } from './OfficerHeader.tsx';

/**
 * The back office's own check (docs/decisions/0049): the server says who the signed-in officer is, or
 * refuses a PTIB account with PTACC-951, which shows the access-denied screen with that code. A session
 * that has ended meanwhile signs in again; no answer at all is the router's failed screen, with its retry.
 */
export const requireOfficer: Guard = async () => {
  const me = await loadMe();
  if (me.kind === 'ok') return ALLOW;
  if (me.kind === 'denied') return { redirect: accessDeniedHref(FORBIDDEN_CODE.MISSING_AUTHORITY) };
  if (me.kind === 'session') return { redirect: LOGIN_REQUIRED_HREF };
  throw new Error('The back office could not tell who is signed in.');
};
