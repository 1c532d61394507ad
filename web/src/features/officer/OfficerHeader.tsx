import { FORBIDDEN_CODE } from '#contract/index.ts';
import type { OfficerMe } from '#contract/officer.ts';
import { OFFICER_SCREEN_TEXT as TEXT } from '#contract/officerScreens.ts';
import { useLoad } from '../../lib/http/useLoad.ts';
import { session } from '../../lib/session/index.ts';
import { officerApi } from './api.ts';

export type MeAnswer =
  | { kind: 'ok'; me: OfficerMe }
  /** PTACC-951: not an officer's session. */
  | { kind: 'denied' }
  | { kind: 'session' }
  | { kind: 'failed' };

/** The signed-in officer, fetched once per session and shared by the guard and the screens. */
let known: Promise<MeAnswer> | null = null;
let knownFor: number | null = null;

export function loadMe(): Promise<MeAnswer> {
  const startedAt = session.getState().startedAt;
  if (knownFor !== startedAt) known = null;
  knownFor = startedAt;
  // Not tied to one screen's signal: the answer serves every screen of the session.
  known ??= officerApi.me(new AbortController().signal).then((o): MeAnswer => {
    if (o.ok) return { kind: 'ok', me: o.value };
    known = null;
    if (o.kind === 'refused' && o.code === FORBIDDEN_CODE.MISSING_AUTHORITY) return { kind: 'denied' };
    return o.kind === 'session' ? { kind: 'session' } : { kind: 'failed' };
  });
  return known;
}

/** Who is signed in to the back office, with their roles: what they may do follows from them. */
export function OfficerHeader() {
  const { state } = useLoad('me', () => loadMe());
  const me = state.kind === 'ready' && state.value.kind === 'ok' ? state.value.me : null;
  if (!me) return null;
  return (
    <p className="caption officer-who" data-testid="officer-who">
      {TEXT.signedInAs(me.displayName, me.roles.join(', '))}
    </p>
  );
}
