import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, fillPath } from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import {
  allFields,
  initialValues,
  profileAnswersOf,
  todayInSingapore,
  type FormDefinition,
} from '#contract/forms/index.ts';
import type { UserIdentity } from '#contract/schemas/auth.ts';
import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import type { Database } from '../db/database.ts';
import { signedInClient, type TestClient } from '../test/client.ts';
import { FakeClock } from '../test/clock.ts';
import { buildTestApp } from '../test/helper.ts';
import { sampleAnswers } from '../test/sample-answers.ts';

/**
 * The questions asking the applicant's own details start at the profile, and the applicant's own email address
 * says whose it is (migration 224; docs/decisions/0119).
 */
const clock = new FakeClock('2030-06-01T04:00:00Z');
const today = todayInSingapore(clock.now());
let app: FastifyInstance;
let db: Database;
let demo: TestClient;

beforeAll(async () => {
  ({ app, db } = await buildTestApp({}, { now: clock.now }));
  demo = await signedInClient(app, 'ptib.demo');
});

const eservice = async (code: string, version?: number) => {
  const res = await demo.get(`${API_PATHS.eservices}/${code}${version ? `?version=${version}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().responseJSON as EserviceDetail;
};
/** The form with the model's words on whose each answer is taken out. */
const withoutWhose = (form: FormDefinition) => {
  const copy = structuredClone(form);
  for (const field of allFields(copy)) {
    delete (field as { prefill?: unknown }).prefill;
    delete (field as { about?: unknown }).about;
  }
  return copy;
};
const whose = (form: FormDefinition) =>
  Object.fromEntries(
    allFields(form).flatMap((f) =>
      'prefill' in f && f.prefill ? [[f.name, 'profile']] : 'about' in f && f.about ? [[f.name, f.about]] : [],
    ),
  );

const CHANGED = {
  DAR: {
    version: 5,
    whose: { applicantName: 'profile', applicantId: 'profile', email: 'applicant', mobileNumber: 'profile' },
  },
  PCD: { version: 5, whose: { payerName: 'profile', payerNric: 'profile' } },
  PC: { version: 5, whose: { deliveryAddress: 'profile' } },
  ESA: { version: 4, whose: { mailingAddress: 'profile' } },
} as const;

describe('the forms that asked again what the profile holds', () => {
  it.each(Object.entries(CHANGED))('%s: a new version, the current one, asking the same questions', async (code, c) => {
    const current = await eservice(code);
    expect(current.formVersion).toBe(c.version);
    expect(whose(current.form)).toEqual(c.whose);
    const before = await eservice(code, c.version - 1);
    expect(whose(before.form)).toEqual({});
    expect(withoutWhose(current.form)).toEqual(before.form);
  });

  it('starts a new record at what the profile call says of the profile', async () => {
    const res = await demo.post(API_PATHS.retrieveProfile, {});
    expect(res.statusCode, res.body).toBe(200);
    const profile = profileAnswersOf(res.json().responseJSON as UserIdentity);
    const start = async (code: string) => initialValues((await eservice(code)).form, profile);

    expect(await start('DAR')).toMatchObject({
      applicantName: 'Tan Ah Kow',
      applicantId: 'S1234567D',
      email: '',
      mobileNumber: '91234567',
    });
    expect(await start('PCD')).toMatchObject({ payerName: 'Tan Ah Kow', payerType: 'I', payerNric: 'S1234567D' });
    const address = {
      blockHouseNo: '10',
      streetName: 'Anson Road',
      floorUnit: '#12-01',
      postalCode: '079903',
      country: 'SG',
    };
    expect((await start('PC')).deliveryAddress).toMatchObject(address);
    expect((await start('ESA')).mailingAddress).toMatchObject(address);

    // The answers it starts at are ones the form takes.
    const dar = await eservice('DAR');
    const { applicantName, applicantId, mobileNumber } = await start('DAR');
    const answers = { ...sampleAnswers(dar.form, today), applicantName, applicantId, mobileNumber };
    const created = await demo.post(API_PATHS.cases, { appCode: 'DAR', data: answers, draft: false });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('keeps a draft begun under the version before on that version', async () => {
    expect((await eservice('DAR')).formVersion).toBe(5);
    const before = await eservice('DAR', 4);
    const answers = sampleAnswers(before.form, today);
    const res = await demo.post(API_PATHS.cases, { appCode: 'DAR', data: answers, draft: true });
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json().responseJSON as CaseDetail;
    // As a draft saved before migration 224 ran is.
    await db.query('UPDATE cases SET form_version = 4 WHERE id = $1::bigint', [draft.id]);
    const saved = await demo.post(fillPath(CASE_PATHS.one, { id: draft.id }), {
      data: { ...answers, applicantName: 'Tan Ah Kow' },
      version: draft.version,
      draft: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().responseJSON).toMatchObject({ formVersion: 4, data: { applicantName: 'Tan Ah Kow' } });
  });
});
