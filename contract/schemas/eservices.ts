import { z } from 'zod';
import { CASE_STATUSES, DASHBOARD_LATEST_COUNT, RECORD_ID_PATTERN } from '../cases.ts';
import { ADDRESS_PARTS, FIELD_NAME_PATTERN } from '../forms/types.ts';
import { formDefinitionSchema } from '../forms/schema.ts';
import { queryWholeNumber } from './query.ts';

/**
 * The e-service catalogue, form definitions and record (case) calls. Values of a record are checked
 * for shape here (bounded, so bad input is a 400) and for the form's rules by contract/forms/validate.ts.
 */

export { fieldDefSchema, formDefinitionSchema, parseFormDefinition } from '../forms/schema.ts';

export const eserviceSummarySchema = z.object({
  code: z.string(),
  title: z.string(),
  description: z.string(),
  group: z.string(),
  menu: z.string(),
  /** The hash route that opens it, e.g. `/generic?app=PD`. */
  href: z.string(),
});
export type EserviceSummary = z.infer<typeof eserviceSummarySchema>;

/** GET /api/eservices: the acting profile's e-services, grouped; menus for the header are built from it. */
export const catalogueResponseSchema = z.object({
  groups: z.array(z.object({ name: z.string(), menu: z.string(), eservices: z.array(eserviceSummarySchema) })),
});
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;

/** GET /api/eservices/:code: one e-service with its form. */
export const eserviceDetailSchema = eserviceSummarySchema.extend({
  caseType: z.string(),
  /** The version of the form below (eservice_form_versions): the current one, or the one asked for. */
  formVersion: z.number().int().min(1),
  form: formDefinitionSchema,
});
export type EserviceDetail = z.infer<typeof eserviceDetailSchema>;

export const appCodeParamsSchema = z.object({ code: z.string().min(1).max(10) });

/** GET /api/eservices/:code?version=N: an earlier version of the form (the one a record was filled in under). */
export const eserviceVersionQuerySchema = z.object({
  version: queryWholeNumber('version', 1, 1_000_000).optional(),
});

const part = z.string().max(4_000);
export const amountValueSchema = z.strictObject({ amount: part, currency: part });
export const addressValueSchema = z.strictObject(
  Object.fromEntries(ADDRESS_PARTS.map((p) => [p, part])) as {
    [K in (typeof ADDRESS_PARTS)[number]]: typeof part;
  },
);
/** An answer of a field outside a repeating group: text, a choice or list of them, a tick, a composite. */
export const childValueSchema = z.union([
  part,
  z.boolean(),
  z.array(part).max(500),
  amountValueSchema,
  addressValueSchema,
]);
const fieldName = z.string().regex(FIELD_NAME_PATTERN, 'is not a field name');
const rowSchema = z
  .record(fieldName, childValueSchema)
  .refine((v) => Object.keys(v).length <= 50, 'has too many fields');
export const fieldValueSchema = z.union([childValueSchema, z.array(rowSchema).max(500)]);

/** Bounded in shape (a 400 otherwise); the form's own rules are contract/forms/validate.ts's. */
export const formValuesSchema = z
  .record(fieldName, fieldValueSchema)
  .refine((v) => Object.keys(v).length <= 100, 'has too many fields');

export const caseStatusSchema = z.enum(CASE_STATUSES);

/**
 * Where a submitted record stands, as its applicant reads it (docs/decisions/0040): the timeline of the
 * steps they see (a proposed rejection and assignments are the back office's own), the officer's open
 * request for more information, what to do next (NEXT_STEP_MESSAGES) and the reason of a rejection.
 */
export const caseProgressSchema = z.object({
  timeline: z.array(
    z.object({
      status: caseStatusSchema,
      at: z.string(),
      /** The officer's message (a request for information, a rejection's reason), else null. */
      message: z.string().nullable(),
    }),
  ),
  /** The open request for more information; null when none is open. */
  request: z
    .object({
      message: z.string(),
      requestedAt: z.string(),
      /** The question names the applicant may change (attachment questions: add documents there). */
      fields: z.array(z.string()),
      fieldLabels: z.array(z.string()),
    })
    .nullable(),
  nextStep: z.string(),
  decisionReason: z.string().nullable(),
});
export type CaseProgress = z.infer<typeof caseProgressSchema>;

/** A record as listed. */
export const caseSummarySchema = z.object({
  id: z.string(),
  appCode: z.string(),
  caseNumber: z.string(),
  status: caseStatusSchema,
  version: z.number().int(),
  updatedAt: z.string(),
  /** Only in the answers of the record (GET /api/cases/:id) and the dashboard summary. */
  progress: caseProgressSchema.optional(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

/**
 * A travel application's trip as the latest approved request to amend it left it (docs/decisions/0091): the
 * request's case number, when it was approved, and its new dates and countries as the applicant checked them.
 */
export const travelAmendmentSchema = z.object({
  caseNumber: z.string(),
  approvedAt: z.string(),
  trip: z.array(z.object({ path: z.string(), label: z.string(), value: z.string() })),
});
export type TravelAmendment = z.infer<typeof travelAmendmentSchema>;

/** A record opened: its values too. */
export const caseDetailSchema = caseSummarySchema.extend({
  data: z.record(z.string(), z.unknown()),
  /** The version of its e-service's form the record was filled in under, and is checked against. */
  formVersion: z.number().int().min(1),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  /** Only in the answer of the record (GET /api/cases/:id), of a travel application an approved request amended. */
  travelAmendment: travelAmendmentSchema.nullable().optional(),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const caseIdParamsSchema = z.object({ id: z.string().regex(RECORD_ID_PATTERN, 'must be a record id') });

/**
 * POST /api/cases: first save; a draft skips the required-field rule. createKey, made by the browser for the
 * record it is about to make, makes a first save sent again (its answer lost) save that record again rather
 * than make another.
 */
export const createCaseRequestSchema = z.object({
  appCode: z.string().min(1).max(10),
  data: formValuesSchema,
  draft: z.boolean().default(false),
  createKey: z.uuid().optional(),
});
export type CreateCaseRequest = z.input<typeof createCaseRequestSchema>;

/**
 * What a 409 to POST /api/cases tells beside CASE_MESSAGES.madeElsewhere: the record the createKey made, so its
 * page can tell its own first save, whose answer was lost, from another tab's.
 */
export const madeElsewhereSchema = z.object({
  madeElsewhere: z.object({ id: z.string(), caseNumber: z.string() }),
});

/** POST /api/cases/:id: version is the one the client opened (optimistic concurrency). */
export const updateCaseRequestSchema = z.object({
  data: formValuesSchema,
  version: z.number().int().min(1),
  draft: z.boolean().default(false),
});
export type UpdateCaseRequest = z.input<typeof updateCaseRequestSchema>;

/** POST /api/cases/:id/resubmit: the whole answers, of which only the requested questions may differ. */
export const resubmitCaseRequestSchema = z.object({
  data: formValuesSchema,
  version: z.number().int().min(1),
});
export type ResubmitCaseRequest = z.input<typeof resubmitCaseRequestSchema>;

/** POST /api/cases/:id/delete: version is the one the client opened, when it has one. */
export const deleteCaseRequestSchema = z.object({ version: z.number().int().min(1).optional() });

export const listCasesQuerySchema = z.object({ app: z.string().min(1).max(10) });
export const casesListSchema = z.object({ cases: z.array(caseSummarySchema) });
/** An e-service's records as its screen lists them: the latest RECORD_LIST_MAX, and how many there are. */
export const recordListSchema = casesListSchema.extend({
  /** Every record of the e-service, counted up to LIST_COUNT_CAP (contract/counts.ts). */
  total: z.number().int(),
});
export type RecordList = z.infer<typeof recordListSchema>;

/** GET /api/cases/search?caseNumber=…: the acting profile's record with that number. */
export const searchCasesQuerySchema = z.object({
  caseNumber: z.string().min(1, 'caseNumber is required').max(40),
  app: z.string().min(1).max(10).optional(),
});

/**
 * GET /api/cases/summary: the dashboard's records of the acting profile, over the e-services the
 * principal may use (deleted records left out): how many there are of every status, and the latest
 * few, most recently updated first.
 */
export const casesSummarySchema = z.object({
  counts: z.record(caseStatusSchema, z.number().int().min(0)),
  latest: z.array(caseSummarySchema).max(DASHBOARD_LATEST_COUNT),
});
export type CasesSummary = z.infer<typeof casesSummarySchema>;

/**
 * Failed validation of a record's values: the message per field path (e.g. `creditors[2].amount`), in
 * form order, as a map and as a list (JSON readers need not keep a map's order).
 */
export const fieldErrorsSchema = z.object({
  fieldErrors: z.record(z.string(), z.string()),
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
});

/** POST {processEngineBase}/cases/:id/submit */
export const submitCaseRequestSchema = z.object({ version: z.number().int().min(1) });

export const statusHistoryEntrySchema = z.object({
  from: caseStatusSchema.nullable(),
  to: caseStatusSchema,
  at: z.string(),
});
/** GET {processEngineBase}/cases/:id/status */
export const caseStatusResponseSchema = z.object({
  id: z.string(),
  caseNumber: z.string(),
  status: caseStatusSchema,
  version: z.number().int(),
  history: z.array(statusHistoryEntrySchema),
});
export type CaseStatusResponse = z.infer<typeof caseStatusResponseSchema>;
