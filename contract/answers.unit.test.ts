import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  read,
  readCasesSummary,
  readCatalogue,
  readLoginAnswer,
  readLoginNonce,
  readProxyWithdrawn,
  readRefresh,
  readUserIdentity,
  type Reader,
} from './answers.ts';
import { CASE_STATUSES } from './cases.ts';
import {
  loginNonceResponseSchema,
  loginResponseSchema,
  refreshResponseSchema,
  userIdentitySchema,
} from './schemas/auth.ts';
import { casesSummarySchema, catalogueResponseSchema } from './schemas/eservices.ts';
import { proxyWithdrawnSchema } from './schemas/envelope.ts';

const address = {
  blockHouseNo: '10',
  streetName: 'Anson Road',
  floorUnit: '#05-01',
  buildingName: 'International Plaza',
  postalCode: '079903',
  country: 'SG',
};
const identity = {
  roles: ['PTIB'],
  authorizations: ['SEMS01'],
  header: 'h',
  imageUrl: null,
  isPTIBBlocked: 'N',
  proxyInd: 'Y',
  PTIBName: 'Tan Ah Kow',
  idNum: 'S1234567D',
  mobileNum: '91234567',
  correspondenceAddressDetails: address,
  dashboardMessage: 'Hello',
  ptibProfileID: 'P1',
  ownPtibProfileID: 'P1',
  loginName: 'ptib.demo',
};
const record = (progress: boolean) => ({
  id: '1',
  appCode: 'PD',
  caseNumber: 'PD 000001 2026',
  status: 'submitted',
  version: 2,
  updatedAt: '2026-11-25T10:00:00Z',
  ...(progress && {
    progress: {
      timeline: [
        { status: 'submitted', at: '2026-11-25T10:00:00Z', message: null },
        { status: 'info_requested', at: '2026-11-25T11:00:00Z', message: 'Please add' },
      ],
      request: { message: 'Please add', requestedAt: '2026-11-25T11:00:00Z', fields: ['a'], fieldLabels: ['A'] },
      nextStep: 'Wait',
      decisionReason: null,
    },
  }),
});

/** Each reader, its schema, and answers the server gives. */
const PAIRS: { name: string; reader: Reader<unknown>; schema: z.ZodType; samples: unknown[] }[] = [
  {
    name: 'login nonce',
    reader: readLoginNonce,
    schema: loginNonceResponseSchema,
    samples: [{ authenticityToken: 'abc' }],
  },
  {
    name: 'proxy withdrawn',
    reader: readProxyWithdrawn,
    schema: proxyWithdrawnSchema,
    samples: [{ ptibProfileID: 'PTIB00000011', PTIBName: 'Chua & Partners LLP' }],
  },
  {
    name: 'login answer',
    reader: readLoginAnswer,
    schema: loginResponseSchema,
    samples: [{ token: 't' }, { token: 't', identity }, { otpRequired: true, maskedMobile: '****4567' }, {}],
  },
  {
    name: 'refresh',
    reader: readRefresh,
    schema: refreshResponseSchema,
    samples: [
      { token: 't', tokenExpirationDate: '20261125T101500' },
      { token: 't', tokenExpirationDate: '20261125T101500 GMT' },
    ],
  },
  {
    name: 'profile',
    reader: readUserIdentity,
    schema: userIdentitySchema,
    samples: [identity, { ...identity, imageUrl: '/x.png', dashboardMessage: null, roles: [], authorizations: [] }],
  },
  {
    name: 'catalogue',
    reader: readCatalogue,
    schema: catalogueResponseSchema,
    samples: [
      { groups: [] },
      {
        groups: [
          {
            name: 'Claims',
            menu: 'eservices',
            eservices: [
              { code: 'PD', title: 'T', description: 'D', group: 'Claims', menu: 'm', href: '/generic?app=PD' },
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'records summary',
    reader: readCasesSummary,
    schema: casesSummarySchema,
    samples: [
      { counts: Object.fromEntries(CASE_STATUSES.map((s, i) => [s, i])), latest: [] },
      {
        counts: Object.fromEntries(CASE_STATUSES.map((s) => [s, 1])),
        latest: [record(true), record(false), record(true), record(false), record(true)],
      },
    ],
  },
];

/** Every path to a value inside `value` (objects' keys, arrays' items), the root first. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const inner =
    Array.isArray(value) || (typeof value === 'object' && value !== null)
      ? Object.entries(value).flatMap(([k, v]) => paths(v, [...at, Array.isArray(value) ? Number(k) : k]))
      : [];
  return [at, ...inner];
}

/** A copy of `value` with what is at `path` replaced (or deleted, for DELETE). */
const DELETE = Symbol('delete');
function change(value: unknown, path: (string | number)[], to: unknown): unknown {
  if (path.length === 0) return to;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const next = change(copy[head], rest, to);
  if (next === DELETE) delete copy[head];
  else copy[head] = next;
  return copy;
}

const REPLACEMENTS = [DELETE, null, undefined, 0, -1, 1.5, 2 ** 53, '', 'x', 'Y', 'submitted', true, [], {}, ['x']];

describe('readers of the sign-in journey answers (docs/decisions/0052)', () => {
  for (const { name, reader, schema, samples } of PAIRS) {
    it(`read the ${name} as its zod schema does: the same accepted, the same given, the rest refused`, () => {
      const agrees = (value: unknown) => {
        const parsed = schema.safeParse(value);
        expect(read(reader, value)).toEqual(parsed.success ? parsed.data : null);
      };
      for (const sample of samples) {
        agrees(sample);
        // An unknown key is dropped by both.
        agrees({ ...(sample as object), extra: 'dropped' });
        for (const path of paths(sample)) for (const to of REPLACEMENTS) agrees(change(sample, path, to));
      }
      // And any JSON at all.
      fc.assert(fc.property(fc.jsonValue(), agrees), { numRuns: 300 });
    });
  }

  it('refuses a records summary with more records than the dashboard lists, or a count of a status unknown', () => {
    const counts = Object.fromEntries(CASE_STATUSES.map((s) => [s, 0]));
    expect(read(readCasesSummary, { counts, latest: Array.from({ length: 6 }, () => record(false)) })).toBeNull();
    expect(read(readCasesSummary, { counts: { ...counts, unknown: 1 }, latest: [] })).toBeNull();
    expect(casesSummarySchema.safeParse({ counts: { ...counts, unknown: 1 }, latest: [] }).success).toBe(false);
  });
});
