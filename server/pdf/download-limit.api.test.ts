import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESPONSE_CODE, fillPath } from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import { PDF_DOWNLOAD_LIMITS, PDF_DOWNLOAD_MESSAGES } from '#contract/downloads.ts';
import { PAYMENT_PATHS } from '#contract/payments.ts';
import { REGISTER_PATHS, type SearchAnswer } from '#contract/register.ts';
import type { Database } from '../db/database.ts';
import { DEMO_BANKRUPT } from '../register/demo.ts';
import { signedInClient, type TestClient, type TestResponse } from '../test/client.ts';
import { buildTestApp } from '../test/helper.ts';
import { renderRegisterExtract } from './register-extract.ts';
import type * as ExtractModule from './register-extract.ts';

// The extract's drawing, held until the test lets it finish: the downloads in flight are the test's to count.
vi.mock('./register-extract.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ExtractModule>();
  return { renderRegisterExtract: vi.fn(actual.renderRegisterExtract) };
});
const { renderRegisterExtract: drawExtract } = await vi.importActual<typeof ExtractModule>('./register-extract.ts');

let app: FastifyInstance;
let db: Database;
let demo: TestClient;
let master: TestClient;
let demoExtract: string;
let masterExtract: string;

beforeAll(async () => {
  ({ app, db } = await buildTestApp());
  demo = await signedInClient(app, 'ptib.demo');
  master = await signedInClient(app, 'ptib.master');
  demoExtract = await extractUrl(demo);
  masterExtract = await extractUrl(master);
});

beforeEach(() => {
  vi.mocked(renderRegisterExtract).mockImplementation(drawExtract);
});

/** The address of the demo bankrupt's extract, through a search of the client's own. */
async function extractUrl(c: TestClient): Promise<string> {
  const res = await c.post(REGISTER_PATHS.search, {
    service: 'PIS',
    by: 'id',
    purpose: 'credit',
    query: DEMO_BANKRUPT.idNumber,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { reference } = (res.json() as { responseJSON: SearchAnswer }).responseJSON;
  return `${REGISTER_PATHS.extract}?${new URLSearchParams({ ref: reference, case: DEMO_BANKRUPT.caseNumber })}`;
}

/** Holds every extract drawn from now on until `finish` lets it go on, and tells when some are held. */
function holdDrawings() {
  const held: Array<() => void> = [];
  const listeners = new Set<() => void>();
  vi.mocked(renderRegisterExtract).mockImplementation(async (input) => {
    await new Promise<void>((resolve) => {
      held.push(resolve);
      for (const listener of listeners) listener();
    });
    return drawExtract(input);
  });
  return {
    /** Resolves once `count` drawings have started (and wait). */
    async started(count: number): Promise<void> {
      while (held.length < count)
        await new Promise<void>((resolve) => {
          const listener = () => {
            listeners.delete(listener);
            resolve();
          };
          listeners.add(listener);
        });
    },
    /** Lets the `index`-th drawing (from 0) finish. */
    finish(index: number): void {
      held[index]!();
    },
  };
}

const refusal = (res: TestResponse) => ({ status: res.statusCode, header: res.json().header });
const tooMany = {
  status: 429,
  header: { responseCode: RESPONSE_CODE.TOO_MANY_REQUESTS, responseDesc: PDF_DOWNLOAD_MESSAGES.tooManyAtOnce },
};

/** A record of ptib.demo's, from the demo data: its submitted refund, and its paid court deposit. */
async function demoRecord(appCode: 'PRD' | 'PCD'): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT c.id::text AS id FROM cases c JOIN accounts a ON a.profile_id = c.profile_id
      WHERE a.login_name = 'ptib.demo' AND c.app_code = $1 AND c.status <> 'draft'`,
    [appCode],
  );
  return rows[0]!.id;
}

describe('PDF downloads at once', () => {
  it("refuses an account's downloads past its limit, while another account's goes on", async () => {
    expect(PDF_DOWNLOAD_LIMITS.PER_ACCOUNT).toBe(2);
    const drawings = holdDrawings();
    const first = demo.get(demoExtract);
    const second = demo.get(demoExtract);
    await drawings.started(2);

    // Answered, not drawn: without the limit it would wait among the others, so whichever comes first says.
    const third = await Promise.race([demo.get(demoExtract).then(refusal), drawings.started(3).then(() => 'drawn')]);
    expect(third).toEqual(tooMany);
    // Refused before it read or drew anything.
    expect(vi.mocked(renderRegisterExtract)).toHaveBeenCalledTimes(2);

    const theirs = master.get(masterExtract);
    await drawings.started(3);
    drawings.finish(2);
    const answered = await theirs;
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.headers['content-type']).toBe('application/pdf');

    drawings.finish(0);
    drawings.finish(1);
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
  });

  it('frees a slot when a download finishes, drawn or refused', async () => {
    const drawings = holdDrawings();
    const running = [demo.get(demoExtract), demo.get(demoExtract)];
    await drawings.started(2);
    drawings.finish(0);
    // Whichever of the two was drawn first has its answer: its slot is free, and the next one is drawn.
    expect((await Promise.race(running)).statusCode).toBe(200);
    const third = demo.get(demoExtract);
    const next = await Promise.race([third.then(refusal), drawings.started(3).then(() => 'drawn')]);
    expect(next).toBe('drawn');
    drawings.finish(1);
    drawings.finish(2);
    expect((await Promise.all([...running, third])).map((res) => res.statusCode)).toEqual([200, 200, 200]);

    // A download refused on its way (another account's search) ends too, and gives its slot back.
    for (let i = 0; i <= PDF_DOWNLOAD_LIMITS.PER_ACCOUNT; i++)
      expect((await demo.get(masterExtract)).statusCode).toBe(404);
    vi.mocked(renderRegisterExtract).mockImplementation(drawExtract);
    const both = await Promise.all([demo.get(demoExtract), demo.get(demoExtract)]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
  });

  it('counts every PDF the account downloads: the acknowledgement, the receipt and the certificate', async () => {
    const refund = await demoRecord('PRD');
    const deposit = await demoRecord('PCD');
    const others = [
      fillPath(CASE_PATHS.acknowledgement, { id: refund }),
      fillPath(PAYMENT_PATHS.receipt, { id: deposit }),
      fillPath(PAYMENT_PATHS.certificate, { id: deposit }),
    ];
    const drawings = holdDrawings();
    const held = [demo.get(demoExtract), demo.get(demoExtract)];
    await drawings.started(2);
    for (const path of others) expect(refusal(await demo.get(path)), path).toEqual(tooMany);

    drawings.finish(0);
    drawings.finish(1);
    await Promise.all(held);
    const [acknowledgement, receipt, certificate] = others;
    expect((await demo.get(acknowledgement!)).headers['content-type']).toBe('application/pdf');
    expect((await demo.get(receipt!)).headers['content-type']).toBe('application/pdf');
    // A court deposit has no certificate: answered as before once the limit lets it through.
    expect((await demo.get(certificate!)).statusCode).toBe(404);
  });
});
