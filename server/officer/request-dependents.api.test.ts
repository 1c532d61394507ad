import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '#contract/index.ts';
import { CASE_MESSAGES, CASE_PATHS } from '#contract/cases.ts';
import { emptyAddress, todayInSingapore, type FormDefinition } from '#contract/forms/index.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import type { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { sampleAnswers } from '../test/sample-answers.ts';
import { doAction, officerTestApp, submitted, view } from './test-support.ts';

/**
 * A request for more information asks some questions again; a changed answer may ask one that was hidden
 * (withDependents in contract/forms/rules.ts). The reply answers it, and nothing else may change.
 */
const clock = new FakeClock('2026-05-29T02:00:00Z');
let gateway: FakeSmsGateway;
let applicant: TestClient;
let officer: TestClient;

beforeAll(async () => {
  ({ gateway, applicant, officer } = await officerTestApp(clock));
});
afterAll(async () => {
  await gateway.close();
});

describe('a reply to a request for more information', () => {
  it('answers the questions a changed answer shows, and no others', async () => {
    const form = (await applicant.get(`${API_PATHS.eservices}/PAR`)).json().responseJSON.form as FormDefinition;
    // Paid by the traveller: the trip's cost is asked, not who pays. Asked about it, they say someone else pays.
    const answers = sampleAnswers(form, todayInSingapore(clock.now()));
    expect(answers).toMatchObject({ sponsored: 'N' });
    const record = await submitted(applicant, answers, 'PAR');
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, {
      action: 'requestInfo',
      message: 'Who pays for the trip?',
      fields: ['sponsored'],
    });
    const { version } = (await applicant.get(fillPath(CASE_PATHS.one, { id: record.id }))).json()
      .responseJSON as CaseDetail;
    const resubmitUrl = fillPath(CASE_PATHS.resubmit, { id: record.id });
    const reply = { ...answers, sponsored: 'Y', sponsorName: 'Tan Holdings Pte. Ltd.' };
    const other = await applicant.post(resubmitUrl, { version, data: { ...reply, purpose: 'Not asked about.' } });
    expect(other.statusCode).toBe(400);
    expect(other.json().header.responseDesc).toBe(CASE_MESSAGES.onlyRequestedFields('Purpose of the trip'));
    const sent = await applicant.post(resubmitUrl, { version, data: reply });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().responseJSON.data).toMatchObject({ sponsored: 'Y', sponsorName: 'Tan Holdings Pte. Ltd.' });
    expect(sent.json().responseJSON.data).not.toHaveProperty('tripCost');
  });

  it('answers a named question the answers hide by changing the answer that hides it', async () => {
    const form = (await applicant.get(`${API_PATHS.eservices}/PAR`)).json().responseJSON.form as FormDefinition;
    // Paid by the traveller, so who pays is not asked; the officer asks it all the same.
    const answers = sampleAnswers(form, todayInSingapore(clock.now()));
    const record = await submitted(applicant, answers, 'PAR');
    await doAction(officer, record.id, { action: 'assignToMe' });
    const seen = await view(officer, record.id);
    expect(seen.questions.find((q) => q.name === 'sponsorName')?.hiddenBy).toEqual(['sponsored']);
    expect(seen.questions.find((q) => q.name === 'sponsored')?.hiddenBy).toEqual([]);
    const resubmitUrl = fillPath(CASE_PATHS.resubmit, { id: record.id });
    const ask = async () => {
      await doAction(officer, record.id, {
        action: 'requestInfo',
        message: 'Who is paying for this trip? Please name the person.',
        fields: ['sponsorName'],
      });
      return ((await applicant.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON as CaseDetail)
        .version;
    };
    // Nobody else pays: the answers as they were are the applicant's answer, and nothing changed.
    const same = await applicant.post(resubmitUrl, { version: await ask(), data: answers });
    expect(same.statusCode, same.body).toBe(200);
    expect((await view(officer, record.id)).changes).toEqual([]);
    // Someone does: the answer that hid the question changes with it, and the officer sees both change.
    const version = await ask();
    const sent = await applicant.post(resubmitUrl, {
      version,
      data: { ...answers, sponsored: 'Y', sponsorName: 'John Tan (my brother)' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().responseJSON.data).toMatchObject({ sponsored: 'Y', sponsorName: 'John Tan (my brother)' });
    const changes = (await view(officer, record.id)).changes;
    expect(changes.map((c) => [c.field, c.afterText])).toEqual(
      expect.arrayContaining([
        ['sponsored', 'Yes'],
        ['sponsorName', 'John Tan (my brother)'],
      ]),
    );
  });

  it('answers the questions a changed answer is held against, so a true answer is accepted', async () => {
    const form = (await applicant.get(`${API_PATHS.eservices}/DAR`)).json().responseJSON.form as FormDefinition;
    const sgd = (amount: string) => ({ amount, currency: 'SGD' });
    const answers = {
      ...sampleAnswers(form, todayInSingapore(clock.now())),
      monthlyIncome: sgd('4200.00'),
      proposedRepayment: sgd('650.00'),
    };
    const record = await submitted(applicant, answers, 'DAR');
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, {
      action: 'requestInfo',
      message: 'Your payslip shows S$500 a month; correct your income.',
      fields: ['monthlyIncome'],
    });
    const { version } = (await applicant.get(fillPath(CASE_PATHS.one, { id: record.id }))).json()
      .responseJSON as CaseDetail;
    const resubmitUrl = fillPath(CASE_PATHS.resubmit, { id: record.id });
    // The true income breaks "the repayment at most the income": the repayment must change with it.
    const lower = { ...answers, monthlyIncome: sgd('500.00') };
    const alone = await applicant.post(resubmitUrl, { version, data: lower });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().responseJSON.fieldErrors).toHaveProperty(['proposedRepayment.amount']);
    // Still nothing unrelated.
    const other = await applicant.post(resubmitUrl, {
      version,
      data: { ...lower, proposedRepayment: sgd('400.00'), applicantName: 'Someone Else' },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().header.responseDesc).toBe(CASE_MESSAGES.onlyRequestedFields('Name of applicant'));
    const sent = await applicant.post(resubmitUrl, { version, data: { ...lower, proposedRepayment: sgd('400.00') } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().responseJSON.data).toMatchObject({
      monthlyIncome: sgd('500.00'),
      proposedRepayment: sgd('400.00'),
    });
  });

  it('takes an optional address or amount left blank for the one the record was sent without', async () => {
    const form = (await applicant.get(`${API_PATHS.eservices}/PAR`)).json().responseJSON.form as FormDefinition;
    // Sent without the optional address (an API client, or an older form): the portal's reply fills it in
    // blank, with its preset country, as its form does for every address.
    const { accommodationAddress, ...answers } = sampleAnswers(form, todayInSingapore(clock.now()));
    expect(accommodationAddress).toBeDefined();
    const record = await submitted(applicant, answers, 'PAR');
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, { action: 'requestInfo', message: 'Who pays?', fields: ['sponsored'] });
    const { version } = (await applicant.get(fillPath(CASE_PATHS.one, { id: record.id }))).json()
      .responseJSON as CaseDetail;
    const sent = await applicant.post(fillPath(CASE_PATHS.resubmit, { id: record.id }), {
      version,
      data: { ...answers, sponsored: 'Y', sponsorName: 'Tan Holdings Pte. Ltd.', accommodationAddress: emptyAddress() },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await view(officer, record.id)).changes.map((c) => c.field)).not.toContain('accommodationAddress');
  });
});
