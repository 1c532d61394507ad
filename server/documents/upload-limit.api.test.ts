import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, RESPONSE_CODE, fillPath } from '#contract/index.ts';
import { DOCUMENT_MESSAGES, DOCUMENT_PATHS, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '#contract/documents.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import { signedInClient, type TestClient, type TestResponse } from '../test/client.ts';
import { buildTestApp } from '../test/helper.ts';
import { judgeType } from './judge.ts';
import type * as JudgeModule from './judge.ts';
import { ATTACHMENT_FIELD, SMALL_LIMIT_FIELD, TEST_APP, TEST_DATA, useAttachmentForm } from './test-form.ts';

// The judgement of a file's type, held until the test lets it go on: the uploads in flight are the test's to
// count, and the test sees which files were judged at all.
vi.mock('./judge.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof JudgeModule>();
  return { ...actual, judgeType: vi.fn(actual.judgeType) };
});
const { judgeType: judgeForReal } = await vi.importActual<typeof JudgeModule>('./judge.ts');

const pdf = (n: number) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${n}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );

function upload(c: TestClient, caseId: string, content: Buffer, field = ATTACHMENT_FIELD): Promise<TestResponse> {
  const boundary = '----ptibuploadlimit';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return c.request({
    method: 'POST',
    url: `${fillPath(DOCUMENT_PATHS.ofCase, { id: caseId })}?field=${field}`,
    body: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

let app: FastifyInstance;
let demo: TestClient;
let master: TestClient;

beforeAll(async () => {
  let db;
  ({ app, db } = await buildTestApp());
  await useAttachmentForm(db);
  demo = await signedInClient(app, 'ptib.demo');
  master = await signedInClient(app, 'ptib.master');
});

beforeEach(() => {
  vi.mocked(judgeType).mockReset().mockImplementation(judgeForReal);
});

async function draft(c: TestClient): Promise<string> {
  const res = await c.post(API_PATHS.cases, { appCode: TEST_APP, data: TEST_DATA, draft: true });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().responseJSON as CaseDetail).id;
}

/** Holds every judgement from now on until the test lets them go, and tells when `count` have started. */
function holdJudgements() {
  const held: Array<() => void> = [];
  let started = () => {};
  vi.mocked(judgeType).mockImplementation(async (content, limits) => {
    await new Promise<void>((resolve) => {
      held.push(resolve);
      started();
    });
    return judgeForReal(content, limits);
  });
  return {
    started: (count: number) =>
      new Promise<void>((resolve) => {
        started = () => held.length >= count && resolve();
        started();
      }),
    /** Lets the held ones go on, and those that come later run unheld. */
    finishAll: () => {
      vi.mocked(judgeType).mockImplementation(judgeForReal);
      held.forEach((go) => go());
    },
  };
}

const refusedWith = (res: TestResponse, message: string) => {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json().header).toMatchObject({ responseCode: RESPONSE_CODE.TOO_MANY_REQUESTS, responseDesc: message });
};

describe('uploads in flight (docs/decisions/0115)', () => {
  it("refuses an account's upload past its bound at once, before reading it, and lets one in once one ends", async () => {
    expect(UPLOAD_LIMITS).toEqual({ PER_ACCOUNT: 2, PER_PROCESS: 4 });
    const record = await draft(demo);
    const hold = holdJudgements();
    const running = [upload(demo, record, pdf(1)), upload(demo, record, pdf(2))];
    await hold.started(2);

    refusedWith(await upload(demo, record, pdf(3)), UPLOAD_MESSAGES.tooManyAtOnce);
    expect(judgeType).toHaveBeenCalledTimes(2);
    // Another account is not held up by this one's.
    const other = await draft(master);
    const theirs = upload(master, other, pdf(4));
    await hold.started(3);

    hold.finishAll();
    for (const res of await Promise.all([...running, theirs])) expect(res.statusCode, res.body).toBe(201);
    expect((await upload(demo, record, pdf(3))).statusCode).toBe(201);
  });

  it('refuses any upload while the process has its bound in flight', async () => {
    const record = await draft(demo);
    const hold = holdJudgements();
    // Two other accounts' uploads, held as the test's own: the process has all four of its slots taken.
    let release = () => {};
    const others = new Promise<void>((resolve) => (release = resolve));
    const elsewhere = [app.uploads.run(-1, () => others), app.uploads.run(-2, () => others)];
    const running = [upload(demo, record, pdf(5)), upload(master, await draft(master), pdf(6))];
    await hold.started(2);
    refusedWith(await upload(master, await draft(master), pdf(7)), UPLOAD_MESSAGES.busy);
    release();
    hold.finishAll();
    await Promise.all(elsewhere);
    for (const res of await Promise.all(running)) expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a file for a question that has all its files before judging it, but answers one of them sent again', async () => {
    const record = await draft(demo);
    const first = await upload(demo, record, pdf(10), SMALL_LIMIT_FIELD);
    expect(first.statusCode, first.body).toBe(201);
    vi.mocked(judgeType).mockClear();

    const another = await upload(demo, record, pdf(11), SMALL_LIMIT_FIELD);
    expect(another.statusCode).toBe(400);
    expect(another.json().header.responseDesc).toBe(DOCUMENT_MESSAGES.tooMany({ maxFiles: 1 }));
    expect(judgeType).not.toHaveBeenCalled();

    const again = await upload(demo, record, pdf(10), SMALL_LIMIT_FIELD);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().responseJSON.id).toBe(first.json().responseJSON.id);
  });
});
