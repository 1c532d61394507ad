import { fillPath, RESPONSE_CODE } from '#contract/index.ts';
import { UPLOAD_ANSWER_MS } from '#contract/documents.ts';
import {
  bulkResultSchema,
  eserviceChoicesSchema,
  officerCaseSchema,
  officerListSchema,
  officerMeSchema,
  OFFICER_PATHS,
  queuePageSchema,
  type BulkActionRequest,
  type BulkResult,
  type EserviceChoices,
  type OfficerActionRequest,
  type OfficerCase,
  type OfficerList,
  type OfficerMe,
  type QueuePage,
  type QueueQuery,
} from '#contract/officer.ts';
import { api, type ApiResult, type CallOptions } from '../../lib/http/index.ts';
import { readOutcome, type Outcome as HttpOutcome, type Refusal } from '../../lib/http/outcome.ts';
import { z } from 'zod';

/**
 * The back office's calls, each read into an outcome the screens show (lib/http/outcome.ts); a refusal
 * because someone else changed the case first is read more closely: stale, with the case as it is now.
 */
export type Outcome<T> = HttpOutcome<T, Stale>;
type Stale = { ok: false; kind: 'stale'; message: string; current: OfficerCase };

export type Failure = Exclude<Outcome<unknown>, { ok: true }>;

function staleOf(refusal: Refusal): Stale | null {
  if (refusal.status !== 409 && refusal.header.responseCode !== RESPONSE_CODE.CONFLICT) return null;
  const current = officerCaseSchema.safeParse(refusal.responseJSON);
  return current.success
    ? { ok: false, kind: 'stale', message: refusal.header.responseDesc, current: current.data }
    : null;
}

export const read = <T>(result: ApiResult<unknown>, schema: z.ZodType<T>): Outcome<T> =>
  readOutcome(result, schema, staleOf);

/** The query string of a queue call: only the values given. */
export function queueSearch(query: QueueQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** Actions are quiet: the screen shows the server's own words (a stale case, a refusal) where it happened. */
const change: CallOptions = { quiet: true, block: true };

export const officerApi = {
  async me(signal: AbortSignal): Promise<Outcome<OfficerMe>> {
    return read(await api.get(OFFICER_PATHS.me, { signal, quiet: true }), officerMeSchema);
  },
  async officers(signal: AbortSignal): Promise<Outcome<OfficerList['officers']>> {
    const result = await api.get(OFFICER_PATHS.officers, { signal, quiet: true });
    return read(
      result,
      officerListSchema.transform((l) => l.officers),
    );
  },
  /** Every e-service, for the queues' filter. */
  async eservices(signal: AbortSignal): Promise<Outcome<EserviceChoices['eservices']>> {
    const result = await api.get(OFFICER_PATHS.eservices, { signal, quiet: true });
    return read(
      result,
      eserviceChoicesSchema.transform((l) => l.eservices),
    );
  },
  async queue(query: QueueQuery, signal: AbortSignal): Promise<Outcome<QueuePage>> {
    return read(
      await api.get(`${OFFICER_PATHS.queue}?${queueSearch(query)}`, { signal, quiet: true }),
      queuePageSchema,
    );
  },
  async case(id: string, signal: AbortSignal): Promise<Outcome<OfficerCase>> {
    return read(await api.get(fillPath(OFFICER_PATHS.case, { id }), { signal, quiet: true }), officerCaseSchema);
  },
  async act(id: string, request: OfficerActionRequest, signal: AbortSignal): Promise<Outcome<OfficerCase>> {
    const result = await api.post(fillPath(OFFICER_PATHS.action, { id }), request, { ...change, signal });
    return read(result, officerCaseSchema);
  },
  async bulk(request: BulkActionRequest, signal: AbortSignal): Promise<Outcome<BulkResult['results']>> {
    const result = await api.post(OFFICER_PATHS.bulk, request, { ...change, signal });
    return read(
      result,
      bulkResultSchema.transform((r) => r.results),
    );
  },
  /**
   * One file attached to the decision the case waits for (docs/decisions/0090); the server judges its type by
   * content and scans it, as it does the applicants' files. Answers the case as it is after it.
   */
  async attach(id: string, file: File, signal: AbortSignal): Promise<Outcome<OfficerCase>> {
    const body = new FormData();
    body.append('file', file, file.name);
    const path = fillPath(OFFICER_PATHS.decisionDocuments, { id });
    const result = await api.post(path, body, { quiet: true, signal, timeoutMs: UPLOAD_ANSWER_MS });
    return read(result, officerCaseSchema);
  },
  /** Takes back a file attached to the decision not yet taken. */
  async detach(id: string, documentId: string, signal: AbortSignal): Promise<Outcome<OfficerCase>> {
    const path = fillPath(OFFICER_PATHS.decisionDocumentDelete, { id, documentId });
    return read(await api.post(path, {}, { ...change, signal }), officerCaseSchema);
  },
  /** One document's bytes, to save (the call carries the session, which a plain link would not). */
  async document(id: string, documentId: string, signal: AbortSignal): Promise<Outcome<Blob>> {
    const path = fillPath(OFFICER_PATHS.document, { id, documentId });
    return read(await api.get(path, { signal, quiet: true, binary: true }), blobSchema);
  },
};

const blobSchema = z.instanceof(Blob);
