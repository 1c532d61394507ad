import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '#contract/index.ts';
import { todayInSingapore } from '#contract/forms/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import { NOTIFICATION_PATHS } from '#contract/notifications.ts';
import {
  CERTIFICATE_TEXT,
  PAYMENT_MESSAGES,
  PAYMENT_PATHS,
  type BillDetail,
  type BillState,
} from '#contract/payments.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { actionUrl, doAction, officerTestApp, pdAnswers, submitted, view } from '../officer/test-support.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { pdfText } from '../test/pdf-text.ts';
import { matchLine, reconcileCredits, undoLine } from './bills.ts';
import { sampleAnswers } from '../test/sample-answers.ts';

/**
 * The certificate of payments (docs/decisions/0085): issued once a Payment Certificates record is approved and
 * its fee paid, listing the estate's debtor's accepted payments within the period, as of its issue.
 */
const clock = new FakeClock('2030-01-15T02:00:00Z');
let app: FastifyInstance;
let db: Database;
let gateway: FakeSmsGateway;
let applicant: TestClient;
let officer: TestClient;

const ESTATE = 'BS 000042 2030';
const DEBTOR = 'S9470855I';

beforeAll(async () => {
  ({ app, db, gateway, applicant, officer } = await officerTestApp(clock));
  await db.query(
    `INSERT INTO register_entries (case_number, party_kind, id_number, name, proceeding, status, filed_on, status_on,
                                   administrator)
     VALUES ($1, 'individual', $2, 'TAN AH KOW', 'Bankruptcy', 'Adjudged bankrupt', '2029-06-01', '2029-06-01',
             'Official Assignee')`,
    [ESTATE, DEBTOR],
  );
});
afterAll(async () => {
  await gateway.close();
});

const sgd = (amount: string) => ({ amount, currency: 'SGD' });
const certificateUrl = (id: string) => fillPath(PAYMENT_PATHS.certificate, { id });
const pay = (id: string) => applicant.post(fillPath(PAYMENT_PATHS.simulate, { id }), {});

async function payment(data: Record<string, unknown>, approve = true): Promise<CaseDetail> {
  const record = await submitted(applicant, { ...pdAnswers('2030-01-10'), ...data });
  if (approve) {
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, { action: 'approve' });
  }
  return record;
}

async function bill(id: string): Promise<BillDetail> {
  const res = await applicant.get(fillPath(PAYMENT_PATHS.bill, { id }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as BillDetail;
}

async function inboxBodies(caseNumber: string): Promise<string[]> {
  const res = await applicant.get(NOTIFICATION_PATHS.inbox);
  const { messages } = res.json().responseJSON as { messages: Array<{ caseNumber: string | null; body: string }> };
  return messages.filter((m) => m.caseNumber === caseNumber).map((m) => m.body);
}

describe('the certificate of payments', () => {
  it('lists the payments accepted within the period once the record is approved and paid, as of then', async () => {
    const giro = await payment({ paymentMethod: 'GIRO', paymentDate: '2030-01-10' });
    const byPayNow = await payment({ paymentAmount: { amount: '200.00', currency: 'SGD' } }, false);
    expect((await pay(byPayNow.id)).statusCode).toBe(200);
    await doAction(officer, byPayNow.id, { action: 'assignToMe' });
    await doAction(officer, byPayNow.id, { action: 'approve' });
    // Asked by PayNow, then changed to a cheque at an officer's request: its bill is cancelled, and the cheque
    // counts on the date the debtor gave.
    const changed = await payment({ paymentAmount: { amount: '75.00', currency: 'SGD' } }, false);
    await doAction(officer, changed.id, { action: 'assignToMe' });
    await doAction(officer, changed.id, {
      action: 'requestInfo',
      message: 'It was paid by cheque.',
      fields: ['paymentMethod'],
    });
    const open = (await applicant.get(fillPath(CASE_PATHS.one, { id: changed.id }))).json().responseJSON as CaseDetail;
    const resubmitted = await applicant.post(fillPath(CASE_PATHS.resubmit, { id: changed.id }), {
      version: open.version,
      data: { ...open.data, paymentMethod: 'CHEQUE', paymentDate: '2030-01-11' },
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((await bill(changed.id)).state).toBe('cancelled');
    await doAction(officer, changed.id, { action: 'approve' });
    // Not listed: before the period, another debtor's, one not yet accepted.
    const before = await payment({ paymentMethod: 'CHEQUE', paymentDate: '2029-12-20', paymentAmount: sgd('11.00') });
    const otherDebtor = await payment({
      paymentMethod: 'GIRO',
      debtorIdNumber: 'S1234567D',
      paymentAmount: sgd('22.00'),
    });
    const undecided = await payment(
      { paymentMethod: 'CARD', paymentDate: '2030-01-12', paymentAmount: sgd('33.00') },
      false,
    );

    const form = (await applicant.get(`${API_PATHS.eservices}/PC`)).json().responseJSON as EserviceDetail;
    const answers = sampleAnswers(form.form, todayInSingapore(clock.now()));
    const pc = await submitted(
      applicant,
      {
        ...answers,
        estateReference: ESTATE,
        periodFrom: '2030-01-01',
        periodTo: '2030-01-15',
        byPost: 'Y',
      },
      'PC',
    );
    const refused = await applicant.get(certificateUrl(pc.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().header.responseDesc).toBe(PAYMENT_MESSAGES.noCertificate);

    await doAction(officer, pc.id, { action: 'assignToMe' });
    await doAction(officer, pc.id, { action: 'approve' });
    // Approved, its fee not paid: no certificate yet, and the approval says when there will be.
    expect((await applicant.get(certificateUrl(pc.id))).statusCode).toBe(409);
    expect((await bill(pc.id)).certificate).toBe(false);
    expect((await inboxBodies(pc.caseNumber)).join('\n')).toContain(CERTIFICATE_TEXT.readyWhenPaid);

    clock.advance(5 * 60_000);
    expect((await pay(pc.id)).statusCode).toBe(200);
    expect((await bill(pc.id)).certificate).toBe(true);
    expect((await inboxBodies(pc.caseNumber)).join('\n')).toContain(CERTIFICATE_TEXT.ready);
    const record = (await applicant.get(fillPath(CASE_PATHS.one, { id: pc.id }))).json().responseJSON as CaseDetail;
    expect(record.progress?.nextStep).toBe(PAYMENT_MESSAGES.nextStepCertificate);

    // Accepted after the certificate was issued: not on it, however often it is downloaded.
    clock.advance(5 * 60_000);
    await doAction(officer, undecided.id, { action: 'assignToMe' });
    await doAction(officer, undecided.id, { action: 'approve' });

    const res = await applicant.get(certificateUrl(pc.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`certificate-${pc.caseNumber.replace(/ /g, '-')}.pdf`);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(pc.caseNumber);
    expect(text).toContain(ESTATE);
    expect(text).toContain('TAN AH KOW');
    expect(text).toContain('1 Jan 2030 to 15 Jan 2030');
    expect(text).toContain('10 Jan 2030 S$150.25 by GIRO');
    expect(text).toContain('15 Jan 2030 S$200.00 by PayNow');
    expect(text).toContain('11 Jan 2030 S$75.00 by Cheque');
    expect(text).toContain('S$425.25');
    expect(text).toContain('A copy is sent by post to 10, Anson Road, #10-01');
    // Other applicants' records are not named, only their payments; those not listed are not there at all.
    for (const record of [giro, byPayNow, changed, before, otherDebtor, undecided])
      expect(text).not.toContain(record.caseNumber);
    for (const amount of ['S$11.00', 'S$22.00', 'S$33.00']) expect(text).not.toContain(amount);

    // Kept as issued: a payment's match undone by finance afterwards (docs/decisions/0071) leaves it as it was.
    await db.query(`UPDATE bills SET state = 'awaiting', received_cents = 0, settled_at = NULL WHERE case_id = $1`, [
      byPayNow.id,
    ]);
    const again = await applicant.get(certificateUrl(pc.id));
    expect((await pdfText(again.rawPayload)).replace(/\s+/g, ' ')).toBe(text);

    // A record of another e-service has none to come: not "once approved and paid".
    const notOne = await applicant.get(certificateUrl(giro.id));
    expect(notOne.statusCode).toBe(404);
    expect(notOne.json().header.responseDesc).toBe(PAYMENT_MESSAGES.notCertificate);

    // Another profile's record is not found, as every record call answers.
    const stranger = await signedInClient(app, 'ptib.master');
    expect((await stranger.get(certificateUrl(pc.id))).statusCode).toBe(404);
  });

  it("dates a PayNow payment by the bank's value date, not the day its statement was imported", async () => {
    // Another estate, whose debtor paid on the period's last day; the statement was imported the day after.
    const estate = 'BS 000043 2030';
    const debtor = 'S7654321F';
    await db.query(
      `INSERT INTO register_entries (case_number, party_kind, id_number, name, proceeding, status, filed_on,
                                     status_on, administrator)
       VALUES ($1, 'individual', $2, 'LIM BEE HOON', 'Bankruptcy', 'Adjudged bankrupt', '2029-06-01', '2029-06-01',
               'Official Assignee')`,
      [estate, debtor],
    );
    const paynow = await payment({ debtorIdNumber: debtor, paymentAmount: sgd('60.00') }, false);
    const { reference } = await bill(paynow.id);
    const valueDate = '2030-01-14';
    expect(todayInSingapore(clock.now()) > valueDate).toBe(true);
    await db.transaction((tx) =>
      reconcileCredits(
        tx,
        [{ transactionId: 'VALUE-DATE-1', valueDate, amountCents: 6000, reference, payerName: 'LIM BEE HOON' }],
        'officer.finance',
        clock.now(),
      ),
    );
    expect((await bill(paynow.id)).state).toBe('paid');
    await doAction(officer, paynow.id, { action: 'assignToMe' });
    await doAction(officer, paynow.id, { action: 'approve' });

    const form = (await applicant.get(`${API_PATHS.eservices}/PC`)).json().responseJSON as EserviceDetail;
    const answers = sampleAnswers(form.form, todayInSingapore(clock.now()));
    const pc = await submitted(
      applicant,
      { ...answers, estateReference: estate, periodFrom: '2030-01-01', periodTo: valueDate, byPost: 'N' },
      'PC',
    );
    expect((await pay(pc.id)).statusCode).toBe(200);
    await doAction(officer, pc.id, { action: 'assignToMe' });
    await doAction(officer, pc.id, { action: 'approve' });
    const res = await applicant.get(certificateUrl(pc.id));
    expect(res.statusCode, res.body).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('14 Jan 2030 S$60.00 by PayNow');
  });

  it('is withdrawn when the match that paid its fee is undone, and issued anew once paid', async () => {
    const form = (await applicant.get(`${API_PATHS.eservices}/PC`)).json().responseJSON as EserviceDetail;
    const answers = sampleAnswers(form.form, todayInSingapore(clock.now()));
    const pc = await submitted(applicant, { ...answers, estateReference: ESTATE, byPost: 'N' }, 'PC');
    await doAction(officer, pc.id, { action: 'assignToMe' });
    await doAction(officer, pc.id, { action: 'approve' });
    const { reference, amountCents } = await bill(pc.id);
    // A credit naming no bill, matched to this one by hand: wrongly, as finance finds out later.
    await db.transaction((tx) =>
      reconcileCredits(
        tx,
        [{ transactionId: 'WRONG-1', valueDate: '2030-01-14', amountCents, reference: 'SOMEONE ELSE', payerName: 'X' }],
        'officer.finance',
        clock.now(),
      ),
    );
    const { rows } = await db.query<{ id: string }>(
      `SELECT id::text AS id FROM statement_lines WHERE transaction_id = 'WRONG-1'`,
    );
    const line = rows[0]!.id;
    await matchLine(db, line, { reference, reason: 'Looks like theirs' }, 'officer.finance', clock.now());
    expect((await bill(pc.id)).certificate).toBe(true);
    expect((await applicant.get(certificateUrl(pc.id))).statusCode).toBe(200);

    await undoLine(db, line, 'Not their payment', 'officer.finance', clock.now());
    expect(await bill(pc.id)).toMatchObject({ state: 'awaiting', certificate: false });
    expect((await applicant.get(certificateUrl(pc.id))).statusCode).toBe(409);

    expect((await pay(pc.id)).statusCode).toBe(200);
    expect((await bill(pc.id)).certificate).toBe(true);
    expect((await applicant.get(certificateUrl(pc.id))).statusCode).toBe(200);
  });

  it('says so when the estate is not in the register, and lists nothing', async () => {
    const form = (await applicant.get(`${API_PATHS.eservices}/PC`)).json().responseJSON as EserviceDetail;
    const answers = sampleAnswers(form.form, todayInSingapore(clock.now()));
    const pc = await submitted(applicant, { ...answers, estateReference: 'BS 000999 2030', byPost: 'N' }, 'PC');
    expect((await pay(pc.id)).statusCode).toBe(200);
    await doAction(officer, pc.id, { action: 'assignToMe' });
    await doAction(officer, pc.id, { action: 'approve' });
    // Paid before the approval: the approval says the certificate is ready.
    expect((await inboxBodies(pc.caseNumber)).join('\n')).toContain(CERTIFICATE_TEXT.ready);
    const res = await applicant.get(certificateUrl(pc.id));
    expect(res.statusCode, res.body).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(CERTIFICATE_TEXT.notInRegister);
    expect(text).toContain(CERTIFICATE_TEXT.none);
  });
});

/**
 * The approval of a Payment Certificates record and a change to its fee's bill at the same moment, on PostgreSQL
 * (PGlite runs one transaction at a time). A third transaction holds the applicant's profile row, which the
 * notice each of them writes refers to: the first starts alone, the second once the first waits, so neither can
 * commit before the other has read what it decides on. Each used to decide on a snapshot without the other: an
 * approved record's paid fee with no certificate ever issued, or a certificate left on a fee taken back
 * (docs/decisions/0085).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the certificate, approved and paid at the same moment', () => {
  const waiting = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      )
    ).rows[0]!.n;

  /** Starts `first`, then `second` once `first` waits, and lets both go once both wait. */
  async function atOnce(caseId: string, first: () => Promise<unknown>, second: () => Promise<unknown>) {
    let both: Promise<unknown[]> | undefined;
    await db.transaction(async (tx) => {
      await tx.query(
        'SELECT 1 FROM ptib_profiles WHERE id = (SELECT profile_id FROM cases WHERE id = $1::bigint) FOR UPDATE',
        [caseId],
      );
      const a = first();
      await expect.poll(waiting).toBe(1);
      const b = second();
      await expect.poll(waiting).toBe(2);
      both = Promise.all([a, b]);
    });
    return both!;
  }

  async function inReview(): Promise<CaseDetail> {
    const form = (await applicant.get(`${API_PATHS.eservices}/PC`)).json().responseJSON as EserviceDetail;
    const answers = sampleAnswers(form.form, todayInSingapore(clock.now()));
    const pc = await submitted(applicant, { ...answers, estateReference: ESTATE, byPost: 'N' }, 'PC');
    await doAction(officer, pc.id, { action: 'assignToMe' });
    return pc;
  }

  async function approve(id: string) {
    const res = await officer.post(actionUrl(id), { action: 'approve', version: (await view(officer, id)).version });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** What is so once both committed, and the notices in the order they were written. */
  async function outcome(id: string) {
    const { rows } = await db.query<{ status: string; state: BillState; issued: boolean }>(
      `SELECT c.status, b.state,
              EXISTS (SELECT 1 FROM payment_certificates p WHERE p.case_id = c.id) AS issued
         FROM cases c JOIN bills b ON b.case_id = c.id WHERE c.id = $1::bigint`,
      [id],
    );
    const { rows: notices } = await db.query<{ kind: string; body: string }>(
      `SELECT kind, body FROM inbox_messages
        WHERE case_id = $1::bigint AND kind IN ('decided', 'billSettled', 'billReopened') ORDER BY id`,
      [id],
    );
    return { ...rows[0]!, notices };
  }

  /** What each notice says of the bill and the certificate. */
  const told = (notices: Array<{ kind: string; body: string }>) =>
    notices.map(({ kind, body }) => ({
      kind,
      owed: body.includes('is still to be paid'),
      certificate: body.includes(CERTIFICATE_TEXT.readyWhenPaid)
        ? 'whenPaid'
        : body.includes(CERTIFICATE_TEXT.ready)
          ? 'ready'
          : null,
    }));

  it.each([
    ['the approval', 'the payment'],
    ['the payment', 'the approval'],
  ])('issues the certificate when %s goes first and %s follows', async (firstOne) => {
    const pc = await inReview();
    const { reference, amountCents } = await bill(pc.id);
    const credit = () =>
      db.transaction((tx) =>
        reconcileCredits(
          tx,
          [{ transactionId: `AT-ONCE-${pc.id}`, valueDate: '2030-01-15', amountCents, reference, payerName: 'X' }],
          'officer.finance',
          clock.now(),
        ),
      );
    const approval = () => approve(pc.id);
    if (firstOne === 'the approval') await atOnce(pc.id, approval, credit);
    else await atOnce(pc.id, credit, approval);

    const { status, state, issued, notices } = await outcome(pc.id);
    // Issued exactly when approved and paid, whichever came first.
    expect({ status, state, issued }).toEqual({ status: 'approved', state: 'paid', issued: true });
    // Each notice tells of the bill as it stood when it committed: the approval's says the fee is owed only when
    // the payment came after it, and then the payment's says the certificate is ready.
    expect(told(notices)).toEqual(
      firstOne === 'the approval'
        ? [
            { kind: 'decided', owed: true, certificate: 'whenPaid' },
            { kind: 'billSettled', owed: false, certificate: 'ready' },
          ]
        : [
            { kind: 'billSettled', owed: false, certificate: null },
            { kind: 'decided', owed: false, certificate: 'ready' },
          ],
    );
  });

  it.each([
    ['the approval', 'the undo'],
    ['the undo', 'the approval'],
  ])('leaves no certificate on a fee whose match is undone when %s goes first and %s follows', async (firstOne) => {
    const pc = await inReview();
    const { reference, amountCents } = await bill(pc.id);
    await db.transaction((tx) =>
      reconcileCredits(
        tx,
        [
          {
            transactionId: `WRONG-${pc.id}`,
            valueDate: '2030-01-15',
            amountCents,
            reference: 'NOBODY',
            payerName: 'X',
          },
        ],
        'officer.finance',
        clock.now(),
      ),
    );
    const { rows } = await db.query<{ id: string }>(
      'SELECT id::text AS id FROM statement_lines WHERE transaction_id = $1',
      [`WRONG-${pc.id}`],
    );
    const line = rows[0]!.id;
    await matchLine(db, line, { reference, reason: 'Looks like theirs' }, 'officer.finance', clock.now());
    expect((await bill(pc.id)).state).toBe('paid');

    const undo = () => undoLine(db, line, 'Not their payment', 'officer.finance', clock.now());
    const approval = () => approve(pc.id);
    if (firstOne === 'the approval') await atOnce(pc.id, approval, undo);
    else await atOnce(pc.id, undo, approval);

    const { status, state, issued, notices } = await outcome(pc.id);
    // None on a fee owed again, whichever came first: issued before the undo, it was withdrawn with it.
    expect({ status, state, issued }).toEqual({ status: 'approved', state: 'awaiting', issued: false });
    expect((await applicant.get(certificateUrl(pc.id))).statusCode).toBe(409);
    expect(told(notices)).toEqual(
      firstOne === 'the approval'
        ? [
            { kind: 'billSettled', owed: false, certificate: null },
            { kind: 'decided', owed: false, certificate: 'ready' },
            { kind: 'billReopened', owed: true, certificate: null },
          ]
        : [
            { kind: 'billSettled', owed: false, certificate: null },
            { kind: 'billReopened', owed: true, certificate: null },
            { kind: 'decided', owed: true, certificate: 'whenPaid' },
          ],
    );
  });
});
