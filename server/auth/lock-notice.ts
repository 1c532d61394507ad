import type { FastifyInstance } from 'fastify';
import { LOGIN_THROTTLE } from '#contract/index.ts';
import { notify } from '../notifications/notify.ts';
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
 * Tells the account holder that sign-in to the account is locked everywhere, once per lock
 * (docs/decisions/0028-login-throttle-per-address-and-otp-limits.md), through the notification outbox
 * (docs/decisions/0041): the claim of the notice and its messages commit together. The claim is made for
 * unknown login names too, and all of it runs in the background, so a lock costs the sign-in the same
 * whether or not the name exists; the process's outbox worker is nudged to send it at once
 * rather than at its next tick.
 */
export async function noticeLoginLock(app: FastifyInstance, locked: LockedLogin, now: Date): Promise<void> {
  void app.db
    .transaction(async (tx) => {
      if (!(await claimLockNotice(tx, loginKey(locked.loginName), now))) return false;
      if (locked.accountId === undefined) return false;
      await notify(tx, {
        kind: 'accountLocked',
        accountId: Number(locked.accountId),
        // When it was locked, said in the notice: one retried for hours still says when (docs/decisions/0042).
        facts: { minutes: LOGIN_THROTTLE.LOCK_MS / 60_000, phone: app.config.CONTACT_PHONE, at: now.toISOString() },
        at: now,
      });
      await audit(tx, {
        event: 'sign_in_lock_notice',
        at: now,
        accountId: locked.accountId,
        loginName: locked.loginName,
        clientAddress: locked.clientAddress,
        detail: { sender: 'outbox' },
      });
      return true;
    })
    .then((noticed) => {
      if (noticed) app.outbox.nudge();
    })
    .catch((error: unknown) => app.log.warn({ err: error }, 'the notice of a sign-in lock could not be recorded'));
}
