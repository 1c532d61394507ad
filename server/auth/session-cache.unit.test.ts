import { describe, expect, it } from 'vitest';
import type { Database, ListenHandlers, NotificationListener } from '../db/database.ts';
import { ALL_SESSIONS, SESSION_CHANNEL, SessionCache } from './session-cache.ts';
import type { SessionRecord } from './sessions.ts';

const NOW = new Date('2030-01-15T02:00:00Z');
const MINUTE = 60_000;

function record(sessionId: string, change: Partial<SessionRecord> = {}): SessionRecord {
  return {
    sessionId,
    accountId: 1,
    loginName: 'ptib.demo',
    ownProfileId: 'PTIB00000001',
    actingProfileId: 'PTIB00000001',
    actingProfileBlocked: false,
    proxyWithdrawn: false,
    tokenGeneration: 0,
    tokenRotatedAt: null,
    accountDisabled: false,
    expiresAt: new Date(NOW.getTime() + 15 * MINUTE),
    absoluteExpiresAt: new Date(NOW.getTime() + 12 * 60 * MINUTE),
    endedAt: null,
    endReason: null,
    authorities: ['PTIB'],
    authorizations: ['SEMS01'],
    ...change,
  };
}

/** A database whose only part here is LISTEN, driven by the test. */
function fakeDatabase() {
  let handlers: ListenHandlers | null = null;
  let live = true;
  let catchUp: () => Promise<void> = () => Promise.resolve();
  const channels: string[] = [];
  const listener: NotificationListener = {
    get live() {
      return live;
    },
    caughtUp: () => (live ? catchUp() : Promise.reject(new Error('down'))),
    close: async () => {
      live = false;
    },
  };
  const db = {
    listen: async (channel: string, h: ListenHandlers) => {
      channels.push(channel);
      handlers = h;
      h.onLive(true);
      return listener;
    },
  } as unknown as Database;
  return {
    db,
    channels,
    notify: (payload: string) => handlers!.onNotify(payload),
    setLive(value: boolean) {
      live = value;
      handlers!.onLive(value);
    },
    /** The next caughtUp() waits for this promise. */
    holdCatchUp(until: Promise<void>) {
      catchUp = () => until;
    },
  };
}

/** A load function that counts its calls and answers what the "database" holds now. */
function database(initial: Record<string, SessionRecord>) {
  const rows = { ...initial };
  const calls: string[] = [];
  return {
    rows,
    calls,
    load: async (id: string) => {
      calls.push(id);
      return rows[id] ?? null;
    },
  };
}

async function attached(options: ConstructorParameters<typeof SessionCache>[0] = {}) {
  const fake = fakeDatabase();
  const cache = new SessionCache(options);
  await cache.attach(fake.db);
  return { cache, fake };
}

describe('the session cache of a process', () => {
  it('listens on the channel the triggers notify, and serves a second call from its copy', async () => {
    const { cache, fake } = await attached();
    expect(fake.channels).toEqual([SESSION_CHANNEL]);
    const store = database({ s1: record('s1') });
    expect(await cache.get('s1', NOW, store.load)).toEqual(record('s1'));
    expect(await cache.get('s1', NOW, store.load)).toEqual(record('s1'));
    expect(store.calls).toEqual(['s1']);
    expect(cache.stats.hits).toBe(1);
  });

  it('reads the database again after a notification for the session, or for all sessions', async () => {
    const { cache, fake } = await attached();
    const store = database({ s1: record('s1'), s2: record('s2') });
    await cache.get('s1', NOW, store.load);
    await cache.get('s2', NOW, store.load);
    store.rows.s1 = record('s1', { endedAt: NOW, endReason: 'logout' });
    fake.notify('s1');
    expect((await cache.get('s1', NOW, store.load))?.endReason).toBe('logout');
    await cache.get('s2', NOW, store.load);
    expect(store.calls).toEqual(['s1', 's2', 's1']);

    store.rows.s2 = record('s2', { authorizations: [] });
    fake.notify(ALL_SESSIONS);
    expect((await cache.get('s2', NOW, store.load))?.authorizations).toEqual([]);
    expect(store.calls).toEqual(['s1', 's2', 's1', 's2']);
  });

  it('does not keep what a load read before a notification that arrived while it was on its way', async () => {
    const { cache, fake } = await attached();
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((r) => (release = r));
      return record('s1');
    };
    const first = cache.get('s1', NOW, slow);
    await Promise.resolve();
    await Promise.resolve();
    fake.notify('s1');
    release();
    expect(await first).toEqual(record('s1'));
    const store = database({ s1: record('s1', { endedAt: NOW, endReason: 'logout' }) });
    expect((await cache.get('s1', NOW, store.load))?.endReason).toBe('logout');
    expect(store.calls).toEqual(['s1']);
  });

  it('shares one load between calls that arrive together', async () => {
    const { cache } = await attached();
    const store = database({ s1: record('s1') });
    await Promise.all([1, 2, 3].map(() => cache.get('s1', NOW, store.load)));
    expect(store.calls).toEqual(['s1']);
  });

  it('waits until the listener has caught up before it looks at a copy', async () => {
    const { cache, fake } = await attached();
    const store = database({ s1: record('s1') });
    await cache.get('s1', NOW, store.load);
    let caughtUp!: () => void;
    fake.holdCatchUp(new Promise<void>((r) => (caughtUp = r)));
    const call = cache.get('s1', NOW, store.load);
    // A logout committed elsewhere before this call arrived: its notification is delivered by the catch-up.
    store.rows.s1 = record('s1', { endedAt: NOW, endReason: 'logout' });
    fake.notify('s1');
    caughtUp();
    expect((await call)?.endReason).toBe('logout');
  });

  it('goes to the database for every call while the listener is down, and drops every copy', async () => {
    const { cache, fake } = await attached();
    const store = database({ s1: record('s1') });
    await cache.get('s1', NOW, store.load);
    fake.setLive(false);
    expect(cache.active).toBe(false);
    expect(cache.size).toBe(0);
    for (let i = 0; i < 3; i++) await cache.get('s1', NOW, store.load);
    expect(store.calls).toHaveLength(4);
    expect(cache.stats.bypassed).toBe(3);
    expect(cache.size).toBe(0);

    fake.setLive(true);
    await cache.get('s1', NOW, store.load);
    await cache.get('s1', NOW, store.load);
    expect(store.calls).toHaveLength(5);
  });

  it('drops its copies when the listener comes back (what happened meanwhile was missed)', async () => {
    const { cache, fake } = await attached();
    const store = database({ s1: record('s1') });
    await cache.get('s1', NOW, store.load);
    fake.setLive(true);
    expect(cache.size).toBe(0);
  });

  it('goes to the database when the catch-up fails', async () => {
    const { cache, fake } = await attached();
    const store = database({ s1: record('s1') });
    await cache.get('s1', NOW, store.load);
    fake.holdCatchUp(Promise.reject(new Error('ping lost')));
    await cache.get('s1', NOW, store.load);
    expect(store.calls).toHaveLength(2);
  });

  it('without LISTEN (a test double of the database) is off: every call reads the database', async () => {
    const cache = new SessionCache();
    await cache.attach({} as Database);
    const store = database({ s1: record('s1') });
    await cache.get('s1', NOW, store.load);
    await cache.get('s1', NOW, store.load);
    expect(store.calls).toHaveLength(2);
  });

  it('stays off when LISTEN fails', async () => {
    const cache = new SessionCache();
    await cache.attach({ listen: () => Promise.reject(new Error('no LISTEN here')) } as unknown as Database);
    expect(cache.active).toBe(false);
    const store = database({ s1: record('s1') });
    await cache.get('s1', NOW, store.load);
    await cache.get('s1', NOW, store.load);
    expect(store.calls).toHaveLength(2);
  });

  it('reads again once a copy is older than its TTL', async () => {
    let ms = 0;
    const { cache } = await attached({ ttlMs: 5_000, clock: () => ms });
    const store = database({ s1: record('s1') });
    await cache.get('s1', NOW, store.load);
    ms = 4_999;
    await cache.get('s1', NOW, store.load);
    expect(store.calls).toHaveLength(1);
    ms = 5_000;
    await cache.get('s1', NOW, store.load);
    expect(store.calls).toHaveLength(2);
  });

  it('never decides from a copy that a live session has expired: another process may have refreshed it', async () => {
    const { cache } = await attached();
    const store = database({ s1: record('s1') });
    await cache.get('s1', NOW, store.load);
    const later = new Date(NOW.getTime() + 15 * MINUTE);
    store.rows.s1 = record('s1', { expiresAt: new Date(later.getTime() + 15 * MINUTE) });
    expect((await cache.get('s1', later, store.load))?.expiresAt).toEqual(store.rows.s1.expiresAt);
    expect(store.calls).toHaveLength(2);
  });

  it('is bounded: the least recently used session goes first', async () => {
    const { cache } = await attached({ maxEntries: 2 });
    const store = database({ a: record('a'), b: record('b'), c: record('c') });
    await cache.get('a', NOW, store.load);
    await cache.get('b', NOW, store.load);
    await cache.get('a', NOW, store.load);
    await cache.get('c', NOW, store.load);
    expect(cache.size).toBe(2);
    await cache.get('a', NOW, store.load);
    await cache.get('b', NOW, store.load);
    expect(store.calls).toEqual(['a', 'b', 'c', 'b']);
  });

  it('hands out copies nobody can change', async () => {
    const { cache } = await attached();
    const store = database({ s1: record('s1') });
    await cache.get('s1', NOW, store.load);
    const copy = await cache.get('s1', NOW, store.load);
    expect(() => (copy!.authorizations as string[]).push('X')).toThrow();
    expect(Object.isFrozen(copy)).toBe(true);
  });
});
