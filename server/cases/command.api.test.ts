import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '#contract/index.ts';
import { CASE_MESSAGES } from '#contract/cases.ts';
import { DOCUMENT_PATHS } from '#contract/documents.ts';
import { todayInSingapore } from '#contract/forms/index.ts';
import { DECISION_DOCUMENT_REQUIRED, OFFICER_MESSAGES, OFFICER_PATHS, type OfficerCase } from '#contract/officer.ts';
import type { DocumentList } from '#contract/schemas/documents.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import type { TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import type { FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { sampleAnswers } from '../test/sample-answers.ts';
import { postFile } from '../test/upload.ts';
import { doAction, officerTestApp, pdAnswers, submitted, view } from '../officer/test-support.ts';
import { moveCase } from './service.ts';

/**
 * The operator's command (npm run case -- move) takes the back office's action of the same decision, by its
 * rules (docs/decisions/0040): the files waiting for the decision go with it, a decision that needs one is
 * refused without it, another officer's case is theirs to decide, and a rejection has its reason and four eyes.
 */
// Friday 27 November 2026, 10:00 in Singapore.
const clock = new FakeClock('2026-11-27T02:00:00Z');
let db: Database;
let gateway: FakeSmsGateway;
let applicant: TestClient;
let officer: TestClient;
let lead: TestClient;

beforeAll(async () => {
  ({ db, gateway, applicant, officer, lead } = await officerTestApp(clock));
});
afterAll(async () => {
  await gateway.close();
});

const command = (caseNumber: string, to: 'in_review' | 'approved' | 'rejected', operator: string) =>
  moveCase(db, caseNumber, to, operator, clock.now());

/** Attaches a file to the case's decision as officer.demo, as the case screen does. */
async function attach(id: string, name: string): Promise<OfficerCase> {
  const res = await postFile(officer, fillPath(OFFICER_PATHS.decisionDocuments, { id }), name);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().responseJSON as OfficerCase;
}

const decisionDocumentsOf = async (id: string) => {
  const res = await applicant.get(fillPath(DOCUMENT_PATHS.ofCase, { id }));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().responseJSON as DocumentList).decisionDocuments;
};

/** The decision's notices the applicant was given: their facts (one a channel), none before it. */
const decidedFacts = async (id: string) =>
  (
    await db.query<{ facts: Record<string, unknown> }>(
      `SELECT facts FROM notification_outbox WHERE case_id = $1::bigint AND kind = 'decided'`,
      [id],
    )
  ).rows.map((r) => r.facts);

const told = async (id: string) =>
  (await db.query(`SELECT 1 FROM inbox_messages WHERE case_id = $1::bigint AND kind = 'decided'`, [id])).rows.length;

describe("the operator's approval", () => {
  it('sends the files waiting for the decision to the applicant with it', async () => {
    const record = await submitted(applicant, pdAnswers('2026-11-20'));
    await command(record.caseNumber, 'in_review', 'officer.demo');
    const { decisionDocuments } = await attach(record.id, 'decision-letter.pdf');
    await db.query(`UPDATE documents SET scan_status = 'clean' WHERE id = $1::uuid`, [decisionDocuments[0]!.id]);
    clock.advance(60_000);

    await command(record.caseNumber, 'approved', 'officer.demo');
    const after = await view(officer, record.id);
    expect(after.status).toBe('approved');
    expect(after.decisionDocuments).toEqual([
      expect.objectContaining({ fileName: 'decision-letter.pdf', sentAt: clock.now().toISOString() }),
    ]);
    expect((await decisionDocumentsOf(record.id)).map((d) => d.fileName)).toEqual(['decision-letter.pdf']);
    const facts = await decidedFacts(record.id);
    expect(facts.length).toBeGreaterThan(0);
    for (const f of facts) expect(f).toMatchObject({ outcome: 'approved', documents: 1 });
  });

  it("of an Estate Account Statement is refused without the statement, with the back office's words", async () => {
    const esa = (await applicant.get(`${API_PATHS.eservices}/ESA`)).json().responseJSON as EserviceDetail;
    const record: CaseDetail = await submitted(
      applicant,
      sampleAnswers(esa.form, todayInSingapore(clock.now())),
      'ESA',
    );
    await command(record.caseNumber, 'in_review', 'officer.demo');
    const before = await view(officer, record.id);

    await expect(command(record.caseNumber, 'approved', 'officer.demo')).rejects.toThrow(
      DECISION_DOCUMENT_REQUIRED.ESA!.approve!,
    );
    expect(await view(officer, record.id)).toMatchObject({ status: 'in_review', version: before.version });
    expect(await told(record.id)).toBe(0);

    await attach(record.id, 'statement.pdf');
    await command(record.caseNumber, 'approved', 'officer.demo');
    expect((await view(officer, record.id)).status).toBe('approved');
  });

  it('is refused on a case assigned to another officer, as in the back office', async () => {
    const record = await submitted(applicant, pdAnswers('2026-11-20'));
    await command(record.caseNumber, 'in_review', 'officer.lead');
    const before = await view(officer, record.id);

    await expect(command(record.caseNumber, 'approved', 'officer.demo')).rejects.toThrow(
      OFFICER_MESSAGES.notAssignedToYou,
    );
    expect(await view(officer, record.id)).toMatchObject({
      status: 'in_review',
      version: before.version,
      assignedTo: { accountId: before.assignedTo!.accountId, displayName: 'Supervisor Lead' },
    });
    expect(await told(record.id)).toBe(0);
  });
});

describe("the operator's rejection", () => {
  const REASON = 'The payment date is after the debt was discharged.';

  it('approves a proposed rejection as a supervisor, with its reason and the letter waiting for it', async () => {
    const record = await submitted(applicant, pdAnswers('2026-11-20'));
    await command(record.caseNumber, 'in_review', 'officer.demo');
    const { decisionDocuments } = await attach(record.id, 'rejection-letter.pdf');
    await db.query(`UPDATE documents SET scan_status = 'clean' WHERE id = $1::uuid`, [decisionDocuments[0]!.id]);
    await doAction(officer, record.id, { action: 'proposeRejection', reason: REASON });
    clock.advance(60_000);

    await expect(command(record.caseNumber, 'rejected', 'officer.demo')).rejects.toThrow(
      OFFICER_MESSAGES.roleRequired('supervisor'),
    );
    await command(record.caseNumber, 'rejected', 'officer.lead');
    const after = await view(officer, record.id);
    expect(after).toMatchObject({ status: 'rejected', decisionReason: REASON });
    // The applicant reads the history's message as the reason: the proposal's, not the command's words.
    expect(after.history.at(-1)).toMatchObject({ to: 'rejected', by: 'Supervisor Lead', message: REASON });
    expect(after.decisionDocuments).toEqual([
      expect.objectContaining({ fileName: 'rejection-letter.pdf', sentAt: clock.now().toISOString() }),
    ]);
    expect((await decisionDocumentsOf(record.id)).map((d) => d.fileName)).toEqual(['rejection-letter.pdf']);
    const facts = await decidedFacts(record.id);
    expect(facts.length).toBeGreaterThan(0);
    for (const f of facts) expect(f).toMatchObject({ outcome: 'rejected', reason: REASON, documents: 1 });
  });

  it('is refused to the supervisor who proposed it: four eyes', async () => {
    const record = await submitted(applicant, pdAnswers('2026-11-20'));
    await command(record.caseNumber, 'in_review', 'officer.lead');
    const proposed = await doAction(lead, record.id, { action: 'proposeRejection', reason: REASON });

    await expect(command(record.caseNumber, 'rejected', 'officer.lead')).rejects.toThrow(OFFICER_MESSAGES.fourEyes);
    expect(await view(officer, record.id)).toMatchObject({ status: 'rejection_proposed', version: proposed.version });
    expect(await told(record.id)).toBe(0);
  });

  it('is refused on a record in review, whose rejection has neither a reason nor a second officer', async () => {
    const record = await submitted(applicant, pdAnswers('2026-11-20'));
    await command(record.caseNumber, 'in_review', 'officer.demo');
    const before = await view(officer, record.id);

    await expect(command(record.caseNumber, 'rejected', 'officer.lead')).rejects.toThrow(
      CASE_MESSAGES.operatorRejectionNotProposed,
    );
    expect(await view(officer, record.id)).toMatchObject({ status: 'in_review', version: before.version });
    expect(await told(record.id)).toBe(0);
  });
});
