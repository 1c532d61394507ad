import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '#contract/index.ts';
import { todayInSingapore } from '#contract/forms/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import { NOTIFICATION_PATHS } from '#contract/notifications.ts';
import { CERTIFICATE_TEXT, PAYMENT_MESSAGES, PAYMENT_PATHS, type BillDetail } from '#contract/payments.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { doAction, officerTestApp, pdAnswers, submitted } from '../officer/test-support.ts';
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
