import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { OFFICER_MESSAGES, type OfficerRole } from '#contract/officer.ts';
import { OFFICER_HOME, OFFICER_PAYMENTS } from '../../app/guards.ts';
import { on } from '../../lib/events/bus.ts';
import { parseHash } from '../../lib/router/location.ts';
import type { GuardContext } from '../../lib/router/router.ts';
import { requireCaseRole, requireFinanceRole } from './guard.ts';

let roles: OfficerRole[] = [];
vi.mock('./OfficerHeader.tsx', () => ({
  loadMe: () =>
    Promise.resolve({ kind: 'ok', me: { accountId: 9, loginName: 'officer.x', displayName: 'Officer X', roles } }),
}));

const at = (hash: string) => ({ location: parseHash(hash) }) as GuardContext;
const toasts: string[] = [];
const stop = on('toast', (t) => void toasts.push(t.message));
afterEach(() => {
  toasts.length = 0;
});
afterAll(stop);

describe('the back office’s role guards', () => {
  it('bring a finance officer from a case to the payments, and say why', async () => {
    roles = ['finance'];
    expect(await requireCaseRole(at('#/officer/case?id=7'))).toEqual({ redirect: `#${OFFICER_PAYMENTS}` });
    expect(toasts).toEqual([OFFICER_MESSAGES.casesNotForFinance]);
  });

  it('bring a finance officer from the back office’s start to the payments without a word', async () => {
    roles = ['finance'];
    expect(await requireCaseRole(at(`#${OFFICER_HOME}`))).toEqual({ redirect: `#${OFFICER_PAYMENTS}` });
    expect(toasts).toEqual([]);
  });

  it('bring an officer from the payments to the case queues, and say why', async () => {
    roles = ['officer'];
    expect(await requireFinanceRole(at(`#${OFFICER_PAYMENTS}`))).toEqual({ redirect: `#${OFFICER_HOME}` });
    expect(toasts).toEqual([OFFICER_MESSAGES.paymentsForFinance]);
  });
});
