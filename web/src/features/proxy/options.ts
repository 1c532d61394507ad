import { MYSELF_SUFFIX } from '#contract/index.ts';
import type { MasterPtibEntry, UserIdentity } from '#contract/schemas/auth.ts';

/** One choice of the proxy selector. The user's own entry has the empty id (act as myself). */
export interface ProxyOption {
  ptibProfileID: string;
  label: string;
  /** masterBlock = Y: shown, but the user may not act for it. */
  blocked: boolean;
  myself: boolean;
}

export const MYSELF_ID = '';
/** The heading of the dashboard's proxy panel: where a link to switch profile goes. */
export const PROXY_HEADING_ID = 'proxy-heading';

/** The profile acted for, as the selector names it: '' when acting as oneself. */
export const actingIdOf = (identity: UserIdentity) =>
  identity.ptibProfileID === identity.ownPtibProfileID ? MYSELF_ID : identity.ptibProfileID;

/**
 * Whether the signed-in user is a master PTIB user (proxyInd is the user's own, even in proxy mode). Here, not
 * with the panel, so that the header's inbox link asks it without loading the panel (docs/decisions/0101).
 */
export const isMasterUser = (identity: UserIdentity) =>
  identity.proxyInd === 'Y' || identity.ptibProfileID !== identity.ownPtibProfileID;

/**
 * The selector's choices (spec §3): the master list, with the user prepended as 'name (Myself)' when
 * the list is non-empty. An empty list gives no choices at all: there is no one to switch to.
 * The user's own name comes from the entries (proxyUserName is the master's name), since the identity
 * names the acting profile, which in proxy mode is someone else; ownName is the fallback.
 */
export function buildProxyOptions(list: readonly MasterPtibEntry[], ownName: string): ProxyOption[] {
  if (list.length === 0) return [];
  const name = list[0]?.proxyUserName || ownName;
  return [
    { ptibProfileID: MYSELF_ID, label: `${name}${MYSELF_SUFFIX}`, blocked: false, myself: true },
    ...list.map((entry) => ({
      ptibProfileID: entry.ptibProfileID,
      label: entry.ptibNme,
      blocked: entry.masterBlock === 'Y',
      myself: false,
    })),
  ];
}
