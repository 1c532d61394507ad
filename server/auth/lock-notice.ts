import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, LOGIN_THROTTLE } from '../../contract/index.ts';
import { audit } from './audit.ts';
import { claimLockNotice, loginKey } from './throttle.ts';

export interface LockedLogin {
  loginName: string;
  accountId?: number | string | undefined;
  /** The account holder's mobile number; null or undefined for an unknown login name or none on file. */
  mobileNum?: string | null | undefined;
  clientAddress: string;
}

/**
 * Tells the account holder by SMS that sign-in to the account is locked everywhere, once per lock
 * (docs/decisions/0028-login-throttle-per-address-and-otp-limits.md). The claim is made for unknown
 * login names too, so a lock costs the same whether or not the name exists; the SMS itself goes out in
 * the background, so how long the gateway takes tells an attacker nothing either, and a gateway that is
 * down never turns the refusal into an error.
 */
export async function noticeLoginLock(app: FastifyInstance, locked: LockedLogin, now: Date): Promise<void> {
  if (!(await claimLockNotice(app.db, loginKey(locked.loginName), now))) return;
  const to = locked.mobileNum;
  if (!to) return;
  const entry = {
    event: 'sign_in_lock_notice',
    at: now,
    accountId: locked.accountId ?? null,
    loginName: locked.loginName,
    clientAddress: locked.clientAddress,
  };
  void app.smsSender
    .send({ to, text: AUTH_MESSAGES.lockedSms(LOGIN_THROTTLE.LOCK_MS / 60_000) })
    .then(
      () => audit(app.db, { ...entry, detail: { sender: app.smsSender.kind } }),
      (error: unknown) => {
        app.log.warn({ err: error }, 'the SMS telling an account holder of a sign-in lock could not be sent');
        return audit(app.db, { ...entry, outcome: 'failure', detail: { sender: app.smsSender.kind } });
      },
    )
    .catch((error: unknown) => app.log.warn({ err: error }, 'audit of a sign-in lock notice failed'));
}
