import { LOGIN_CHALLENGE_TTL_MS } from '#contract/index.ts';
import { STORAGE_KEYS, read, store, write } from '../../lib/session/storage.ts';

/** Where the step's codes stand: how many more may be sent, and from when (epoch ms; null: none more). */
export interface OtpSends {
  sendsLeft: number;
  resendAt: number | null;
}

/**
 * A sign-in waiting for its one-time password, as this tab shows it. The pending sign-in itself is the
 * server's (named by its httpOnly cookie); this keeps only what the step shows, so that a reload, or a phone
 * that dropped the tab while its user read the SMS, comes back to the step (docs/decisions/0062).
 */
export interface PendingOtp {
  /** Kept for "Back to password", as the step keeps it without a reload. */
  loginName: string;
  maskedMobile: string;
  rememberMe: boolean;
  /** When the server's pending sign-in ends (LOGIN_CHALLENGE_TTL_MS after the password), epoch ms. */
  until: number;
  /** Absent until the first code is known to have gone. */
  sends?: OtpSends;
}

function save(pending: PendingOtp | null): void {
  write(store('session'), STORAGE_KEYS.otpPending, pending && JSON.stringify(pending));
}

/** The password was right and a code is asked for: the step begins. */
export function beginPendingOtp(loginName: string, maskedMobile: string, rememberMe: boolean, now = Date.now()): void {
  save({ loginName, maskedMobile, rememberMe, until: now + LOGIN_CHALLENGE_TTL_MS });
}

/** The pending sign-in this tab was at, unless it is over or was never begun here. */
export function pendingOtp(now = Date.now()): PendingOtp | null {
  try {
    const pending = JSON.parse(read(store('session'), STORAGE_KEYS.otpPending) ?? 'null') as PendingOtp | null;
    if (
      pending &&
      typeof pending.maskedMobile === 'string' &&
      typeof pending.loginName === 'string' &&
      pending.until > now
    )
      return pending;
  } catch {
    // Not what this module wrote: as if none.
  }
  forgetPendingOtp();
  return null;
}

/** A code went: a reload takes up the step from here rather than sending another. */
export function noteOtpSent(sends: OtpSends): void {
  const pending = pendingOtp();
  if (pending) save({ ...pending, sends });
}

/** The sign-in is done, or over: a reload shows the login form. */
export function forgetPendingOtp(): void {
  save(null);
}
