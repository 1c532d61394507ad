import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { todayInSingapore } from '#contract/forms/index.ts';
import { PAYMENT_PATHS, type BillDetail } from '#contract/payments.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import { signedInClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { sampleAnswers } from '../test/sample-answers.ts';
import { queuedLines, toLine } from './bills.ts';
import { importStatement } from './statement.ts';

/**
 * The README's payment journey, as a visitor on the demo database follows it: the sample statement, with their
 * own bill's reference in place of its first one, settles that bill, and the rest shows what waits for a person
 * and why (docs/decisions/0046).
 */
const clock = new FakeClock('2026-11-28T02:00:00Z');
const SAMPLE = readFileSync(new URL('../../docs/samples/bank-statement.csv', import.meta.url), 'utf8');

describe('docs/samples/bank-statement.csv', () => {
  it('settles the bill of a court deposit the visitor sent, and queues the rest with their reasons', async () => {
    const { app, db } = await buildTestApp({}, { now: clock.now });
    const demo = await signedInClient(app, 'ptib.demo');
    const [, first] = SAMPLE.trim().split(/\r?\n/);
    const [, , , amount, , reference] = first!.split(',');

    const form = (await demo.get(`${API_PATHS.eservices}/PCD`)).json().responseJSON as EserviceDetail;
    const answers = sampleAnswers(form.form, todayInSingapore(clock.now()));
    answers.depositAmount = { amount, currency: 'SGD' };
    const created = await demo.post(API_PATHS.cases, { appCode: 'PCD', data: answers, draft: true });
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json().responseJSON as CaseDetail;
    const sent = await demo.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id: record.id })}`, {
      version: record.version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const bill = async () =>
      (await demo.get(fillPath(PAYMENT_PATHS.bill, { id: record.id }))).json().responseJSON as BillDetail;
    const ours = (await bill()).reference;

    const report = await importStatement(db, SAMPLE.replaceAll(reference!, ours), 'officer.finance', clock.now());
    expect(report).toMatchObject({ credits: 3, settled: 1, queued: 2, ignored: 1 });
    expect(await bill()).toMatchObject({ state: 'paid', receivedCents: 100000 });
    // The same bill paid again, and a reference no bill has: each waits for a person, saying why.
    const waiting = (await queuedLines(db)).map(toLine);
    expect(waiting.map((l) => [l.transactionId, l.reference, l.queueReason])).toEqual([
      ['TXN-20261125-0002', ours, 'not_payable'],
      ['TXN-20261125-0004', 'UNKNOWN REF 123', 'unknown_reference'],
    ]);
  });
});
