import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { FORBIDDEN_CODE, loginNameKey } from '#contract/index.ts';
import { AUTHORITY_OFFICER, OFFICER_MESSAGES, type OfficerRole } from '#contract/officer.ts';
import type { Queryable } from '../db/database.ts';
import { LOGIN_NAME_MATCHES } from '../db/login-name.ts';
import { ApiError } from '../plugins/errors.ts';
import { audit, byPrincipal } from './audit.ts';

/**
 * Officers (docs/decisions/0039-officers-and-their-session.md): accounts holding the OFFICER authority and a
 * row in officers with their roles. Their sessions are ordinary sessions, so every session rule (idle and
 * absolute limits, one live session, logout everywhere) holds for them unchanged.
 */
export interface Officer {
  accountId: number;
  loginName: string;
  displayName: string;
  roles: OfficerRole[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireOfficer for the calls it guards. */
    officer?: Officer;
  }
}

export async function loadOfficer(db: Queryable, accountId: number): Promise<Omit<Officer, 'loginName'> | null> {
  const { rows } = await db.query<{ display_name: string; roles: OfficerRole[] }>(
    'SELECT display_name, roles FROM officers WHERE account_id = $1',
    [accountId],
  );
  const row = rows[0];
  return row ? { accountId, displayName: row.display_name, roles: row.roles } : null;
}

/**
 * The enabled officer account of this login name (any letter case, as at sign-in), or null: the one an
 * operator's command acts as, whose account its history and audit record (docs/decisions/0040, 0046).
 */
export async function enabledOfficer(db: Queryable, loginName: string): Promise<Officer | null> {
  const { rows } = await db.query<{ id: number; login_name: string; display_name: string; roles: OfficerRole[] }>(
    `SELECT a.id, a.login_name, o.display_name, o.roles
       FROM accounts a
       JOIN officers o ON o.account_id = a.id
       JOIN account_authorities au ON au.account_id = a.id AND au.authority = $2
      WHERE ${LOGIN_NAME_MATCHES('a.login_name')} AND NOT a.disabled`,
    [loginNameKey(loginName), AUTHORITY_OFFICER],
  );
  const row = rows[0];
  return row
    ? { accountId: Number(row.id), loginName: row.login_name, displayName: row.display_name, roles: row.roles }
    : null;
}

/** 403 with the access-denied code PTACC-951 (the web app shows its access-denied screen with it). */
async function refuse(request: FastifyRequest, reason: string, needed: string): Promise<never> {
  await audit(request.server.db, {
    event: 'authorization_refused',
    outcome: 'failure',
    at: request.server.now(),
    ...byPrincipal(request.principal, request.ip),
    detail: { needed, method: request.method, path: request.routeOptions.url ?? request.url.split('?')[0] },
  });
  throw new ApiError(403, FORBIDDEN_CODE.MISSING_AUTHORITY, reason);
}

/**
 * preValidation factory of every back-office call: a live session (else the usual 403 Forbidden or 4200) of
 * an officer account, holding one of `roles` when given; request.officer is set for the handler. The roles
 * are read from the database on each call, so a role taken away counts at once on every process.
 */
export function requireOfficer(roles?: readonly OfficerRole[]): preValidationAsyncHookHandler {
  return async function officerGuard(request, reply) {
    const app = request.server;
    await app.requireSession.call(app, request, reply);
    const p = request.principal!;
    const officer = p.authorities.includes(AUTHORITY_OFFICER) ? await loadOfficer(app.db, p.accountId) : null;
    if (!officer) return refuse(request, OFFICER_MESSAGES.notOfficer, `authority ${AUTHORITY_OFFICER}`);
    if (roles && roles.length > 0 && !roles.some((r) => officer.roles.includes(r)))
      return refuse(request, OFFICER_MESSAGES.roleRequired(roles.join(' or ')), `officer role ${roles.join('|')}`);
    request.officer = { ...officer, loginName: p.loginName };
  };
}

/** Whether the caller is an officer: the PTIB calls refuse them (refuseOfficer). */
export const isOfficerPrincipal = (request: FastifyRequest) =>
  request.principal?.authorities.includes(AUTHORITY_OFFICER) ?? false;

/**
 * preValidation of the PTIB calls that need only a session (profile, master list, proxy switch): an officer's
 * token is refused there with PTACC-951, as the PTIB-authority calls refuse it.
 */
export const refuseOfficer: preValidationAsyncHookHandler = async function refuseOfficer(request) {
  if (isOfficerPrincipal(request)) await refuse(request, OFFICER_MESSAGES.officerOnPtib, 'not an officer');
};

/**
 * preValidation of the profile call: an officer's token is refused there too, but not audited. The web app
 * asked it at every sign-in and start to learn that the account is an officer's, and still does with a token
 * signed before its claim said so (docs/decisions/0049), so a row each time would bury the refusals that
 * mean something under ones that mean nothing.
 */
export const answerOfficerDenied: preValidationAsyncHookHandler = async function answerOfficerDenied(request) {
  if (isOfficerPrincipal(request))
    throw new ApiError(403, FORBIDDEN_CODE.MISSING_AUTHORITY, OFFICER_MESSAGES.officerOnPtib);
};
