import { describe, expect, it } from 'vitest';
import { mixFire, type MixCall, type User } from './open-loop.ts';

/** A call whose answer the test gives, recording which user it went to and with which token. */
function controlled(name: string, options: Partial<MixCall> = {}) {
  const sent: { user: User; token: string; answer: () => void }[] = [];
  const call: MixCall = {
    name,
    weight: 1,
    ...options,
    run: (user) =>
      new Promise<boolean>((resolve) => {
        sent.push({ user, token: (user.client as unknown as { token: string }).token, answer: () => resolve(true) });
      }),
  };
  return { call, sent };
}

const user = (token: string): User =>
  ({
    client: { token },
    officer: {},
    caseId: '1',
    version: 1,
    busy: false,
    inFlight: 0,
    refreshing: null,
  }) as unknown as User;
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the open-loop mix', () => {
  it("holds a user's calls while its refresh is in flight, as the browser's session engine does", async () => {
    const u = user('first');
    const refresh = controlled('refresh', { rotates: true });
    const profile = controlled('profile');
    const refreshed = mixFire([u], [refresh.call])();
    const profiled = mixFire([u], [profile.call])();
    await settle();
    expect(refresh.sent).toHaveLength(1);
    expect(profile.sent).toHaveLength(0);
    (u.client as unknown as { token: string }).token = 'second';
    refresh.sent[0]!.answer();
    await refreshed;
    await settle();
    expect(profile.sent.map((s) => s.token)).toEqual(['second']);
    profile.sent[0]!.answer();
    await expect(profiled).resolves.toBe(true);
  });

  it('sends a refresh to a user with nothing in flight, and none while every user has a call out', async () => {
    const busy = user('a');
    const idle = user('b');
    const profile = controlled('profile');
    const refresh = controlled('refresh', { rotates: true });
    const profiled = mixFire([busy], [profile.call])();
    await settle();
    const refreshed = mixFire([busy, idle], [refresh.call])();
    await settle();
    expect(refresh.sent.map((s) => s.user)).toEqual([idle]);
    await expect(mixFire([busy], [refresh.call])()).rejects.toThrow('every user busy');
    profile.sent[0]!.answer();
    refresh.sent[0]!.answer();
    await Promise.all([profiled, refreshed]);
    expect(busy.inFlight).toBe(0);
  });
});
