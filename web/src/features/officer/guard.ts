import { FORBIDDEN_CODE } from '#contract/index.ts';
import { OFFICER_MESSAGES, type OfficerRole } from '#contract/officer.ts';
import { LOGIN_REQUIRED_HREF, OFFICER_HOME, OFFICER_PAYMENTS, accessDeniedHref } from '../../app/guards.ts';
import { emit } from '../../lib/events/bus.ts';
import { ALLOW, toHash, type Guard } from '../../lib/router/router.ts';
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

const CASE_ROLES: readonly OfficerRole[] = ['officer', 'supervisor'];

/**
 * Case work is for officers and supervisors: a finance officer starts at the reconciliation instead, and
 * one who followed a link to a case is told why they are there (the back office's start needs no word).
 */
export const requireCaseRole: Guard = async ({ location }) => {
  const me = await loadMe();
  if (me.kind !== 'ok' || me.me.roles.some((r) => CASE_ROLES.includes(r))) return ALLOW;
  if (!me.me.roles.includes('finance')) return { redirect: accessDeniedHref(FORBIDDEN_CODE.MISSING_AUTHORITY) };
  if (location.path !== OFFICER_HOME) emit('toast', { severity: 'info', message: OFFICER_MESSAGES.casesNotForFinance });
  return { redirect: toHash(OFFICER_PAYMENTS) };
};

/** The reconciliation is for finance officers: another officer goes back to the case queues, told why. */
export const requireFinanceRole: Guard = async () => {
  const me = await loadMe();
  if (me.kind !== 'ok' || me.me.roles.includes('finance')) return ALLOW;
  emit('toast', { severity: 'info', message: OFFICER_MESSAGES.paymentsForFinance });
  return { redirect: toHash(OFFICER_HOME) };
};
