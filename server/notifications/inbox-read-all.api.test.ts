import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '#contract/index.ts';
import { INBOX_PAGE_SIZE, NOTIFICATION_MESSAGES, NOTIFICATION_PATHS } from '#contract/notifications.ts';
import type { Inbox } from '#contract/schemas/notifications.ts';
import type { Database } from '../db/database.ts';
import { signIn } from '../test/auth.ts';
import { signedInClient, TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { notify } from './notify.ts';

const clock = new FakeClock('2030-05-04T02:00:00Z');
let app: FastifyInstance;
let db: Database;

const DEMO = 'PTIB00000001';
const MASTER = 'PTIB00000002';

beforeAll(async () => {
  ({ app, db } = await buildTestApp({}, { now: clock.now }));
});

const inbox = async (c: TestClient, query = '') => {
  const res = await c.get(`${NOTIFICATION_PATHS.inbox}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as Inbox;
};
const unreadOf = async (c: TestClient) => (await c.get(NOTIFICATION_PATHS.unread)).json().responseJSON.unread as number;

/** Bills issued to the profile a second apart, the last the newest: their case numbers, oldest first. */
async function bills(profileId: string, tag: string, count: number): Promise<string[]> {
  const numbers: string[] = [];
  for (let n = 1; n <= count; n++) {
    clock.advance(1_000);
    const caseNumber = `PD ${tag}${String(n).padStart(3, '0')} 2033`;
    await notify(db, { kind: 'billIssued', profileId, caseNumber, facts: { amountCents: n }, at: clock.now() });
    numbers.push(caseNumber);
  }
  return numbers;
}

/** The id of the one message about the case number. */
const idOf = async (caseNumber: string) =>
  (await db.query<{ id: string }>('SELECT id::text AS id FROM inbox_messages WHERE case_number = $1', [caseNumber]))
    .rows[0]!.id;

describe('mark all as read', () => {
  it('marks the profile’s messages up to the given one, and leaves a newer one unread', async () => {
    const reader = await signedInClient(app, 'ptib.demo');
    const numbers = await bills(DEMO, '100', 5);
    const seen = await inbox(reader);
    expect(seen.newestId).toBe(await idOf(numbers[4]!));
    // Arrives while the person reads the page.
    const [later] = await bills(DEMO, '101', 1);

    const res = await reader.post(NOTIFICATION_PATHS.readAll, { upTo: seen.newestId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().responseJSON).toEqual({ marked: seen.unread, unread: 1 });
    expect(await unreadOf(reader)).toBe(1);
    const after = await inbox(reader);
    expect(after.messages.filter((m) => !m.read).map((m) => m.caseNumber)).toEqual([later]);
    // Again: nothing more to mark, and the later one still waits.
    const again = await reader.post(NOTIFICATION_PATHS.readAll, { upTo: seen.newestId });
    expect(again.json().responseJSON).toEqual({ marked: 0, unread: 1 });
  });

  it('marks only up to the given message in the inbox’s order, also among messages of one moment', async () => {
    const reader = await signedInClient(app, 'ptib.demo');
    await reader.post(NOTIFICATION_PATHS.readAll, { upTo: (await inbox(reader)).newestId });
    const numbers = await bills(DEMO, '200', 4);
    // Two more at the very moment of the last: the id orders them, as the list does.
    await db.transaction(async (tx) => {
      for (const n of [5, 6])
        await notify(tx, {
          kind: 'billIssued',
          profileId: DEMO,
          caseNumber: `PD 200${n} 2033`,
          facts: { amountCents: n },
          at: clock.now(),
        });
    });
    const res = await reader.post(NOTIFICATION_PATHS.readAll, { upTo: await idOf('PD 2005 2033') });
    expect(res.json().responseJSON).toEqual({ marked: 5, unread: 1 });
    const after = await inbox(reader);
    expect(after.messages.filter((m) => !m.read).map((m) => m.caseNumber)).toEqual(['PD 2006 2033']);
    expect(after.messages.find((m) => m.caseNumber === numbers[0])!.read).toBe(true);
  });

  it('marks only the acting profile’s messages: a master user acting for a profile marks that profile’s', async () => {
    await db.query(
      `INSERT INTO proxy_grants (master_profile_id, proxy_profile_id, master_block)
       VALUES ($1, $2, false) ON CONFLICT DO NOTHING`,
      [MASTER, DEMO],
    );
    // The holder's own sign-in notice: its account's, which the master user neither reads nor marks.
    const holder = new TestClient(app);
    await signIn(holder, 'ptib.demo');
    const [own] = await bills(MASTER, '300', 1);
    const [theirs] = await bills(DEMO, '301', 1);
    const master = await signedInClient(app, 'ptib.master');
    const ownUnreadBefore = (await inbox(master)).unread;
    expect(ownUnreadBefore).toBeGreaterThan(0);
    const switched = await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: DEMO });
    expect(switched.statusCode, switched.body).toBe(200);

    const seen = await inbox(master);
    expect(seen.messages[0]!.caseNumber).toBe(theirs);
    const holderNotices = (await inbox(holder)).messages.filter((m) => m.kind === 'newDevice' && !m.read);
    expect(holderNotices.length).toBeGreaterThan(0);
    // Another profile's message is not one to mark up to.
    const refused = await master.post(NOTIFICATION_PATHS.readAll, { upTo: await idOf(own!) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().header.responseDesc).toBe(NOTIFICATION_MESSAGES.messageNotFound);

    const res = await master.post(NOTIFICATION_PATHS.readAll, { upTo: seen.newestId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().responseJSON).toEqual({ marked: seen.unread, unread: 0 });
    // The holder's sign-in notices wait for the holder; the master user's own profile is untouched.
    expect((await inbox(holder)).messages.filter((m) => m.kind === 'newDevice' && !m.read)).toEqual(holderNotices);
    const back = await master.post(API_PATHS.switchProxyProfile, { ptibProfileID: MASTER });
    expect(back.statusCode, back.body).toBe(200);
    expect((await inbox(master)).unread).toBe(ownUnreadBefore);
  });

  it('refuses bad input with a 400 that says why', async () => {
    const reader = await signedInClient(app, 'ptib.demo');
    for (const body of [{}, { upTo: 'newest' }, { upTo: 12 }, { upTo: '1'.repeat(19) }]) {
      const res = await reader.post(NOTIFICATION_PATHS.readAll, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().header.responseDesc).toBeTruthy();
    }
    const bad = await reader.post(NOTIFICATION_PATHS.readAll, { upTo: 'newest' });
    expect(bad.json().header.responseDesc).toContain(NOTIFICATION_MESSAGES.messageNotFound);
  });
});

describe('the unread filter', () => {
  it('lists only the unread messages, a page at a time, their number the pages’ total', async () => {
    const reader = await signedInClient(app, 'ptib.demo');
    await reader.post(NOTIFICATION_PATHS.readAll, { upTo: (await inbox(reader)).newestId });
    const numbers = await bills(DEMO, '400', INBOX_PAGE_SIZE + 3);
    const all = await inbox(reader);
    // Two read ones among them.
    for (const n of [numbers[0]!, numbers[INBOX_PAGE_SIZE + 1]!]) {
      const read = await reader.post(fillPath(NOTIFICATION_PATHS.read, { id: await idOf(n) }));
      expect(read.statusCode, read.body).toBe(200);
    }
    const first = await inbox(reader, '?unread=1');
    expect(first.total).toBe(INBOX_PAGE_SIZE + 1);
    expect(first.unread).toBe(INBOX_PAGE_SIZE + 1);
    expect(first.newestId).toBe(all.newestId);
    expect(first.messages).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.messages.every((m) => !m.read)).toBe(true);
    const second = await inbox(reader, `?unread=1&after=${first.next!.after}`);
    expect(second.messages.map((m) => m.caseNumber)).toEqual([numbers[1]]);
    expect(second.next).toBeNull();
    expect((await inbox(reader)).total).toBeGreaterThan(first.total);
  });

  it('skips no unread message when the person reads some of a page before the next', async () => {
    const reader = await signedInClient(app, 'ptib.demo');
    await reader.post(NOTIFICATION_PATHS.readAll, { upTo: (await inbox(reader)).newestId });
    const numbers = await bills(DEMO, '500', INBOX_PAGE_SIZE + 5);
    const first = await inbox(reader, '?unread=1');
    expect(first.previous).toBeNull();
    // Three of the page read as the person works through it, the page's last among them.
    const listed = first.messages.map((m) => m.caseNumber!);
    const readNow = [listed[0]!, listed[7]!, listed.at(-1)!];
    for (const n of readNow) {
      const read = await reader.post(fillPath(NOTIFICATION_PATHS.read, { id: await idOf(n) }));
      expect(read.statusCode, read.body).toBe(200);
    }
    const second = await inbox(reader, `?unread=1&after=${first.next!.after}`);
    const stillUnread = numbers.filter((n) => !readNow.includes(n));
    const seen = [...listed, ...second.messages.map((m) => m.caseNumber!)];
    for (const n of stillUnread) expect(seen, n).toContain(n);
    expect(second.messages.map((m) => m.caseNumber)).toEqual(numbers.slice(0, 5).reverse());
    expect(second.next).toBeNull();
    // Back from the second page: the list's start, what is unread of it now.
    expect(second.previous).toEqual({ after: null });

    // The whole first page read: the second still lists the five left, and its page is where they are.
    for (const n of listed) await reader.post(fillPath(NOTIFICATION_PATHS.read, { id: await idOf(n) }));
    const again = await inbox(reader, `?unread=1&after=${first.next!.after}`);
    expect(again.messages.map((m) => m.caseNumber)).toEqual(numbers.slice(0, 5).reverse());
    expect(again.previous).toBeNull();
    expect((await inbox(reader, '?unread=1')).messages.map((m) => m.caseNumber)).toEqual(numbers.slice(0, 5).reverse());
  });

  it('goes back a whole page at a time, to the list’s start', async () => {
    const reader = await signedInClient(app, 'ptib.demo');
    await reader.post(NOTIFICATION_PATHS.readAll, { upTo: (await inbox(reader)).newestId });
    const numbers = (await bills(DEMO, '600', 2 * INBOX_PAGE_SIZE + 5)).reverse();
    const first = await inbox(reader, '?unread=1');
    const second = await inbox(reader, `?unread=1&after=${first.next!.after}`);
    const third = await inbox(reader, `?unread=1&after=${second.next!.after}`);
    expect(third.messages.map((m) => m.caseNumber)).toEqual(numbers.slice(2 * INBOX_PAGE_SIZE));
    expect(third.next).toBeNull();
    const back = await inbox(reader, `?unread=1&after=${third.previous!.after}`);
    expect(back.messages.map((m) => m.caseNumber)).toEqual(second.messages.map((m) => m.caseNumber));
    expect(back.previous).toEqual({ after: null });
    expect(back.next).toEqual(second.next);
    // The third page's five read: its address lists nothing now, and goes back to the page before it, whose
    // last message is the one this page's address is after.
    await reader.post(NOTIFICATION_PATHS.readAll, { upTo: await idOf(numbers[2 * INBOX_PAGE_SIZE]!) });
    const past = await inbox(reader, `?unread=1&after=${second.next!.after}`);
    expect(past.messages).toEqual([]);
    expect(past.total).toBe(2 * INBOX_PAGE_SIZE);
    expect(past.next).toBeNull();
    const before = await inbox(reader, `?unread=1&after=${past.previous!.after}`);
    expect(before.messages.map((m) => m.caseNumber)).toEqual(second.messages.map((m) => m.caseNumber));
  });

  it('pages all messages by number, as before, with no neighbours by message', async () => {
    const reader = await signedInClient(app, 'ptib.demo');
    const all = await inbox(reader);
    expect(all.previous).toBeNull();
    expect(all.next).toBeNull();
    const second = await inbox(reader, '?page=2');
    expect(second.messages[0]!.id).not.toBe(all.messages[0]!.id);
  });

  it('refuses a page of the unread list by number, or after a message not the person’s, saying why', async () => {
    const reader = await signedInClient(app, 'ptib.demo');
    const [theirs] = await bills(MASTER, '700', 1);
    const numbered = await reader.get(`${NOTIFICATION_PATHS.inbox}?unread=1&page=2`);
    expect(numbered.statusCode).toBe(400);
    expect(numbered.json().header.responseDesc).toContain(NOTIFICATION_MESSAGES.unreadPagedByAfter);
    const all = await reader.get(`${NOTIFICATION_PATHS.inbox}?after=${(await inbox(reader)).newestId}`);
    expect(all.statusCode).toBe(400);
    expect(all.json().header.responseDesc).toContain(NOTIFICATION_MESSAGES.afterUnreadOnly);
    const bad = await reader.get(`${NOTIFICATION_PATHS.inbox}?unread=1&after=last`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().header.responseDesc).toContain(NOTIFICATION_MESSAGES.messageNotFound);
    const other = await reader.get(`${NOTIFICATION_PATHS.inbox}?unread=1&after=${await idOf(theirs!)}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().header.responseDesc).toBe(NOTIFICATION_MESSAGES.messageNotFound);
    // Another profile's message is answered as no message at all: the answer says nothing of it.
    const none = await reader.get(`${NOTIFICATION_PATHS.inbox}?unread=1&after=999999999`);
    expect([none.statusCode, none.json()]).toEqual([other.statusCode, other.json()]);
  });

  it('refuses a filter it does not know with a 400 that says why', async () => {
    const reader = await signedInClient(app, 'ptib.demo');
    const res = await reader.get(`${NOTIFICATION_PATHS.inbox}?unread=yes`);
    expect(res.statusCode).toBe(400);
    expect(res.json().header.responseDesc).toContain(NOTIFICATION_MESSAGES.badUnreadFilter);
  });
});
