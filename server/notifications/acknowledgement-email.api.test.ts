import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PROCESS_ENGINE_PATHS, fillPath } from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import { allFields, todayInSingapore } from '#contract/forms/index.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { doAction, signedInOfficer } from '../officer/test-support.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { startFakeSmsGateway, type FakeSmsGateway } from '../test/fake-sms-gateway.ts';
import { buildTestApp } from '../test/helper.ts';
import { pdfText } from '../test/pdf-text.ts';
import { sampleAnswers } from '../test/sample-answers.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../test/smtp-server.ts';
import { uploadFile } from '../test/upload.ts';

/**
 * An acknowledgement email carries no answer of its record (docs/decisions/0042): not the acknowledgement PDF,
 * which holds them all, nor any of them in its text.
 */
const clock = new FakeClock('2030-03-02T02:00:00Z');
const NRIC = 'S9470855I';
const BANK_ACCOUNT = '9876543210';
const PAYEE = 'Tan Ah Kow';
let app: FastifyInstance;
let db: Database;
let smtp: TestSmtpServer;
let gateway: FakeSmsGateway;
let demo: TestClient;

beforeAll(async () => {
  smtp = await startSmtpServer();
  gateway = await startFakeSmsGateway();
  ({ app, db } = await buildTestApp(
    {
      SMTP_HOST: smtp.host,
      SMTP_PORT: String(smtp.port),
      SMS_GATEWAY_URL: gateway.url,
      PUBLIC_URL: 'https://eservices.ptib.example',
      LOG_LEVEL: 'error',
    },
    { now: clock.now },
  ));
  await db.query(
    `UPDATE ptib_profiles SET email = 'demo@example.org', email_confirmed_at = now() WHERE id = 'PTIB00000001'`,
  );
  demo = await signedInClient(app, 'ptib.demo');
});
afterAll(async () => {
  await smtp.close();
  await gateway.close();
});

/** Each MIME part of a mail (the whole mail when it has none): its headers and its body, decoded. */
function partsOf(raw: string): Array<{ headers: string; body: string }> {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  let chunks = [raw];
  for (const boundary of boundaries) chunks = chunks.flatMap((c) => c.split(`--${boundary}`));
  return chunks.map((chunk) => {
    const at = chunk.search(/\r?\n\r?\n/);
    const headers = (at < 0 ? chunk : chunk.slice(0, at)).replace(/\r?\n[ \t]+/g, ' ');
    const encoded = at < 0 ? '' : chunk.slice(at).trim();
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    const body =
      encoding === 'base64'
        ? Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('latin1')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              encoded
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            ).toString('utf8')
          : encoded;
    return { headers, body };
  });
}

/** A Refund of Deposits drawn on the demo's paid court deposit, with a payee, an NRIC and a bank account. */
async function submittedRefund(): Promise<CaseDetail> {
  const form = (await demo.get(`${API_PATHS.eservices}/PRD`)).json().responseJSON as EserviceDetail;
  const { rows } = await db.query<{ receipt_number: string }>(
    `SELECT b.receipt_number FROM bills b JOIN cases c ON c.id = b.case_id
      WHERE c.app_code = 'PCD' AND c.profile_id = 'PTIB00000001' AND b.receipt_number IS NOT NULL`,
  );
  const answers = {
    ...sampleAnswers(form.form, todayInSingapore(clock.now())),
    receiptNumber: rows[0]!.receipt_number,
    refundAmount: { amount: '100.00', currency: 'SGD' },
    entityType: 'I',
    payeeName: PAYEE,
    payeeNric: NRIC,
    bankAccountNumber: BANK_ACCOUNT,
  };
  const created = await demo.post(API_PATHS.cases, { appCode: 'PRD', data: answers, draft: true });
  expect(created.statusCode, created.body).toBe(201);
  let record = created.json().responseJSON as CaseDetail;
  const files = allFields(form.form).filter((f) => f.type === 'attachment' && f.required);
  for (const field of files) {
    const upload = await uploadFile(demo, record.id, field.name);
    expect(upload.statusCode, upload.body).toBe(201);
    (answers as Record<string, unknown>)[field.name] = [(upload.json().responseJSON as { id: string }).id];
  }
  const saved = await demo.post(fillPath(CASE_PATHS.one, { id: record.id }), {
    data: answers,
    version: record.version,
    draft: true,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  record = saved.json().responseJSON as CaseDetail;
  const res = await demo.post(`/process-engine${fillPath(PROCESS_ENGINE_PATHS.submit, { id: record.id })}`, {
    version: record.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as CaseDetail;
}

function expectNoAnswers(mail: ReceivedMail) {
  const parts = partsOf(mail.raw);
  for (const { headers, body } of parts) {
    expect(headers, mail.subject).not.toMatch(/content-disposition:\s*attachment|filename=|application\/pdf/i);
    for (const answer of [NRIC, BANK_ACCOUNT, PAYEE]) expect(body, mail.subject).not.toContain(answer);
  }
  const types = parts.flatMap(({ headers }) => [...headers.matchAll(/content-type:\s*([\w/-]+)/gi)].map((m) => m[1]));
  expect(new Set(types)).toEqual(new Set(['multipart/alternative', 'text/plain', 'text/html']));
  for (const answer of [NRIC, BANK_ACCOUNT, PAYEE]) expect(mail.raw).not.toContain(answer);
}

describe('the acknowledgement of a submission and of a resubmission, by email', () => {
  it('carries no attachment and no answer, and says where the acknowledgement is: the record, signed in', async () => {
    const record = await submittedRefund();
    const officer = await signedInOfficer(app, gateway, 'officer.demo');
    await doAction(officer, record.id, { action: 'assignToMe' });
    await doAction(officer, record.id, { action: 'requestInfo', message: 'Say why.', fields: ['reason'] });
    const open = (await demo.get(fillPath(CASE_PATHS.one, { id: record.id }))).json().responseJSON as CaseDetail;
    const again = await demo.post(fillPath(CASE_PATHS.resubmit, { id: record.id }), {
      version: open.version,
      data: { ...open.data, reason: 'The application was withdrawn.' },
    });
    expect(again.statusCode, again.body).toBe(200);
    await app.outbox.drain();
    // The acknowledgement holds the answers: it is downloaded from the record, signed in.
    const pdf = await demo.get(fillPath(CASE_PATHS.acknowledgement, { id: record.id }));
    expect(pdf.statusCode).toBe(200);
    const printed = await pdfText(pdf.rawPayload);
    for (const answer of [NRIC, BANK_ACCOUNT, PAYEE]) expect(printed).toContain(answer);

    const mails = smtp.received.filter((m) => m.to === 'demo@example.org' && m.subject.includes(record.caseNumber));
    const acknowledgements = [
      `PTIB e-Services: Acknowledgement of a submission (${record.caseNumber})`,
      `PTIB e-Services: Acknowledgement of a resubmission (${record.caseNumber})`,
    ];
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [...acknowledgements, `PTIB e-Services: More information requested (${record.caseNumber})`].sort(),
    );
    for (const mail of mails) expectNoAnswers(mail);
    for (const mail of mails.filter((m) => acknowledgements.includes(m.subject))) {
      const text = partsOf(mail.raw).find((p) => /text\/plain/i.test(p.headers))!.body;
      expect(text).toContain('please sign in to download it from the record');
      expect(text).toContain(
        `Open record ${record.caseNumber}: https://eservices.ptib.example/#/generic?app=PRD&case=${record.id}`,
      );
    }
    // Nor is a copy of the PDF kept with the message.
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notification_outbox WHERE case_id = $1::bigint AND attachment IS NOT NULL`,
      [record.id],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('goes without the PDF that a message written by the release before still keeps', async () => {
    // Migration 211 leaves a waiting message its copy, for a process of the release before to send during a
    // rolling restart; this release's worker never reads it.
    await db.query(
      `INSERT INTO notification_outbox (idempotency_key, channel, kind, profile_id, recipient, case_number, facts,
                                        attachment_name, attachment, created_at, next_attempt_at)
       VALUES ('kept-pdf.email', 'email', 'submitted', 'PTIB00000001', 'demo@example.org', 'PC 000010 2026', '{}',
               'acknowledgement-PC-000010-2026.pdf', $1, $2, $2)`,
      [Buffer.from(`%PDF-1.7 ${NRIC} ${BANK_ACCOUNT} ${PAYEE}`), clock.now()],
    );
    await app.outbox.drain();
    const mail = smtp.received.find((m) => m.key === 'kept-pdf.email')!;
    expect(mail.subject).toBe('PTIB e-Services: Acknowledgement of a submission (PC 000010 2026)');
    expectNoAnswers(mail);
    const text = partsOf(mail.raw).find((p) => /text\/plain/i.test(p.headers))!.body;
    expect(text).toContain('The acknowledgement is not attached to this email');
  });
});
