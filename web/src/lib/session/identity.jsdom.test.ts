import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './keys.ts';
import { demoIdentity } from '../../../test/identity.ts';
import { createIdentityStore, type ProfileAnswer } from './identity.ts';

const known = demoIdentity({ dashboardMessage: 'Welcome back' });

afterEach(() => sessionStorage.clear());

describe('the identity a sign-in answer held (docs/decisions/0058)', () => {
  it('is kept without a profile call, with the authorizations cached, and stands for the next navigation', async () => {
    const fetchProfile = vi.fn(async (): Promise<ProfileAnswer> => ({ kind: 'none' }));
    const store = createIdentityStore(fetchProfile);
    const heard = vi.fn();
    store.subscribe(heard);
    expect(await store.prime(known)).toEqual({ kind: 'ok', identity: known });
    expect(store.current()).toBe(known);
    expect(heard).toHaveBeenCalled();
    expect(sessionStorage.getItem(STORAGE_KEYS.authorizations)).toBe('["SEMS01"]');
    expect(sessionStorage.getItem(STORAGE_KEYS.dashboardMessage)).toBe('Welcome back');
    // The sign-in's own navigation takes it as the server's word; the one after asks the server again.
    expect(await store.confirm()).toEqual({ kind: 'ok', identity: known });
    expect(fetchProfile).not.toHaveBeenCalled();
    expect(await store.confirm()).toEqual({ kind: 'none' });
    expect(fetchProfile).toHaveBeenCalledTimes(1);
    expect(store.current()).toBeNull();
  });

  it('drops an answer still on its way for an earlier session', async () => {
    let answer: (a: ProfileAnswer) => void = () => {};
    const store = createIdentityStore(() => new Promise((resolve) => (answer = resolve)));
    const earlier = store.load();
    await store.prime(known);
    answer({ kind: 'ok', identity: { ...known, PTIBName: 'Someone Else' } });
    await earlier;
    expect(store.current()).toBe(known);
  });

  it('without one, fetches the identity as before', async () => {
    const store = createIdentityStore(async () => ({ kind: 'ok', identity: known }));
    expect(await store.prime()).toEqual({ kind: 'ok', identity: known });
    expect(store.current()).toBe(known);
  });

  it.each<ProfileAnswer>([{ kind: 'denied' }, { kind: 'blocked' }])(
    'without one, lets a refusal it fetched stand for the next navigation too (%j): the server is asked once',
    async (refusal) => {
      // An officer's sign-in (one-time password): the profile call is refused with PTACC-951, and the first
      // navigation turns to the back office on that answer, without asking again.
      const fetchProfile = vi.fn(async () => refusal);
      const store = createIdentityStore(fetchProfile);
      expect(await store.prime()).toEqual(refusal);
      expect(await store.confirm()).toEqual(refusal);
      expect(fetchProfile).toHaveBeenCalledTimes(1);
      expect(await store.confirm()).toEqual(refusal);
      expect(fetchProfile).toHaveBeenCalledTimes(2);
    },
  );

  it('lets no answer stand once forgotten (a sign-out or a proxy switch in between)', async () => {
    const fetchProfile = vi.fn(async (): Promise<ProfileAnswer> => ({ kind: 'denied' }));
    const store = createIdentityStore(fetchProfile);
    await store.prime();
    store.invalidate();
    await store.confirm();
    expect(fetchProfile).toHaveBeenCalledTimes(2);
  });
});
