import { API_PATHS, PROCESS_ENGINE_PATHS, RESPONSE_CODE, fillPath } from '#contract/index.ts';
import { CASE_PATHS } from '#contract/cases.ts';
import { DOCUMENT_PATHS, UPLOAD_ANSWER_MS } from '#contract/documents.ts';
import {
  documentListSchema,
  documentSchema,
  type DocumentInfo,
  type DocumentList,
} from '#contract/schemas/documents.ts';
import type { FieldErrors, FormValues } from '#contract/forms/index.ts';
import {
  caseDetailSchema,
  caseStatusResponseSchema,
  casesListSchema,
  eserviceDetailSchema,
  fieldErrorsSchema,
  madeElsewhereSchema,
  recordListSchema,
  type CaseDetail,
  type CaseStatusResponse,
  type CaseSummary,
  type EserviceDetail,
  type RecordList,
} from '#contract/schemas/eservices.ts';
import { api, type ApiResult, type CallOptions } from '../../lib/http/index.ts';
import { readOutcome, type Outcome as HttpOutcome, type Refusal } from '../../lib/http/outcome.ts';
import { z } from 'zod';

/**
 * The generic e-service's calls, each read into an outcome the screen shows (lib/http/outcome.ts); a
 * refusal of a form's values is read more closely: fields, each field's message from the server's rules.
 */
export type Outcome<T> = HttpOutcome<T, Fields>;
type Fields = { ok: false; kind: 'fields'; fieldErrors: FieldErrors; message: string };

export type Failure = Exclude<Outcome<unknown>, { ok: true }>;

function fieldsOf(refusal: Refusal): Fields | null {
  const fields = fieldErrorsSchema.safeParse(refusal.responseJSON);
  if (refusal.header.responseCode !== RESPONSE_CODE.BAD_REQUEST || !fields.success) return null;
  return { ok: false, kind: 'fields', fieldErrors: fields.data.fieldErrors, message: refusal.header.responseDesc };
}

const read = <T>(result: ApiResult<unknown>, schema: z.ZodType<T>): Outcome<T> => readOutcome(result, schema, fieldsOf);

/**
 * A first save refused because its key made a record that was saved since or holds other answers (another tab
 * restored the same kept input): a refusal like any other, which also names that record (docs/decisions/0036).
 */
export type MadeElsewhere = Extract<Outcome<never>, { kind: 'refused' }> & {
  madeElsewhere: { id: string; caseNumber: string };
};

export const isMadeElsewhere = (outcome: Outcome<unknown> | MadeElsewhere): outcome is MadeElsewhere =>
  'madeElsewhere' in outcome;

function madeElsewhereOf(refusal: Refusal): MadeElsewhere | null {
  const body = madeElsewhereSchema.safeParse(refusal.responseJSON);
  if (!body.success) return null;
  const { status, header } = refusal;
  const { responseCode: code, responseDesc: message } = header;
  return { ok: false, kind: 'refused', status, code, message, madeElsewhere: body.data.madeElsewhere };
}

/** Changes are quiet: the screen shows its own failure message (spec §8) instead of the generic toast. */
const change: CallOptions = { quiet: true, block: true };
const caseList = casesListSchema.transform((l) => l.cases);

export const genericApi = {
  /** The e-service with the current version of its form, or the version given (a record's own). */
  /**
   * The e-service with its current form, or the version given (a record's own). quiet: a lookup on the side
   * (naming another e-service) shows no toast of its own when it fails.
   */
  async eservice(
    code: string,
    signal: AbortSignal,
    { version, quiet = false }: { version?: number; quiet?: boolean } = {},
  ): Promise<Outcome<EserviceDetail>> {
    const query = version === undefined ? '' : `?${new URLSearchParams({ version: String(version) })}`;
    const path = `${API_PATHS.eservices}/${encodeURIComponent(code)}${query}`;
    return read(await api.get(path, { signal, quiet }), eserviceDetailSchema);
  },
  /** The latest records of the e-service (RECORD_LIST_MAX), and how many there are (up to LIST_COUNT_CAP). */
  async list(appCode: string, signal: AbortSignal): Promise<Outcome<RecordList>> {
    const query = new URLSearchParams({ app: appCode });
    return read(await api.get(`${API_PATHS.cases}?${query}`, { signal, quiet: true }), recordListSchema);
  },
  /** The acting profile's records of that case number: of one e-service, or of any when appCode is left out. */
  async search(caseNumber: string, appCode: string | undefined, signal: AbortSignal): Promise<Outcome<CaseSummary[]>> {
    const query = new URLSearchParams(appCode ? { caseNumber, app: appCode } : { caseNumber });
    return read(await api.get(`${API_PATHS.casesSearch}?${query}`, { signal, quiet: true }), caseList);
  },
  async open(id: string, signal: AbortSignal): Promise<Outcome<CaseDetail>> {
    return read(await api.get(fillPath(CASE_PATHS.one, { id }), { signal, quiet: true }), caseDetailSchema);
  },
  /** createKey: the record's own, the same for a first save sent again (createCaseRequestSchema). */
  async create(
    appCode: string,
    data: FormValues,
    draft: boolean,
    createKey: string,
    signal: AbortSignal,
  ): Promise<Outcome<CaseDetail> | MadeElsewhere> {
    const body = { appCode, data, draft, createKey };
    const result = await api.post(API_PATHS.cases, body, { ...change, signal });
    return readOutcome(result, caseDetailSchema, (refusal) => fieldsOf(refusal) ?? madeElsewhereOf(refusal));
  },
  async save(
    id: string,
    data: FormValues,
    version: number,
    draft: boolean,
    signal: AbortSignal,
  ): Promise<Outcome<CaseDetail>> {
    const path = fillPath(CASE_PATHS.one, { id });
    return read(await api.post(path, { data, version, draft }, { ...change, signal }), caseDetailSchema);
  },
  /** While more information is requested: the whole answers, of which only the requested ones changed. */
  async resubmit(id: string, data: FormValues, version: number, signal: AbortSignal): Promise<Outcome<CaseDetail>> {
    const path = fillPath(CASE_PATHS.resubmit, { id });
    return read(await api.post(path, { data, version }, { ...change, signal }), caseDetailSchema);
  },
  async remove(id: string, version: number, signal: AbortSignal): Promise<Outcome<unknown>> {
    const path = fillPath(CASE_PATHS.delete, { id });
    return read(await api.post(path, { version }, { ...change, signal }), caseDetailSchema.nullable());
  },
  async submit(id: string, version: number, signal: AbortSignal): Promise<Outcome<CaseDetail>> {
    const path = fillPath(PROCESS_ENGINE_PATHS.submit, { id });
    const result = await api.post(path, { version }, { ...change, signal, base: 'processEngine' });
    return read(result, caseDetailSchema);
  },
  async status(id: string, signal: AbortSignal): Promise<Outcome<CaseStatusResponse>> {
    const path = fillPath(PROCESS_ENGINE_PATHS.status, { id });
    return read(await api.get(path, { signal, quiet: true, base: 'processEngine' }), caseStatusResponseSchema);
  },
};

/**
 * A record's supporting documents (docs/decisions/0037-documents-in-the-database.md), and those an officer
 * sent with its decision (0090).
 */
export const documentsApi = {
  async list(caseId: string, signal: AbortSignal): Promise<Outcome<DocumentList>> {
    const path = fillPath(DOCUMENT_PATHS.ofCase, { id: caseId });
    return read(await api.get(path, { signal, quiet: true }), documentListSchema);
  },
  /** One file into one attachment field; the server judges its type by content and scans it. */
  async upload(caseId: string, field: string, file: File, signal: AbortSignal): Promise<Outcome<DocumentInfo>> {
    const body = new FormData();
    body.append('file', file, file.name);
    const path = `${fillPath(DOCUMENT_PATHS.ofCase, { id: caseId })}?${new URLSearchParams({ field })}`;
    // Not blocking: the page stays usable while a file goes up (its own status line says so).
    return read(await api.post(path, body, { signal, quiet: true, timeoutMs: UPLOAD_ANSWER_MS }), documentSchema);
  },
  async remove(documentId: string, signal: AbortSignal): Promise<Outcome<unknown>> {
    const path = fillPath(DOCUMENT_PATHS.delete, { documentId });
    return read(await api.post(path, {}, { signal, quiet: true }), documentSchema.nullable().optional());
  },
  /** A document of the profile's own record, as bytes to save. */
  async download(documentId: string, signal: AbortSignal): Promise<Outcome<Blob>> {
    const path = fillPath(DOCUMENT_PATHS.one, { documentId });
    return read(await api.get(path, { signal, quiet: true, binary: true }), blobSchema);
  },
  /** The PDF acknowledgement of a submitted record, as bytes to save. */
  async acknowledgement(caseId: string, signal: AbortSignal): Promise<Outcome<Blob>> {
    const path = fillPath(CASE_PATHS.acknowledgement, { id: caseId });
    return read(await api.get(path, { signal, quiet: true, binary: true }), blobSchema);
  },
};

const blobSchema = z.instanceof(Blob);
