import type { FieldErrors } from '#contract/forms/index.ts';
import type { DocumentInfo } from '#contract/schemas/documents.ts';

/**
 * Files whose upload got no answer (the connection dropped on the way back, docs/decisions/0032): the server
 * may have kept them. Their SHA-256, per record and question, so that the same file chosen again is looked
 * for among the record's documents before it is sent a second time. Kept outside the screen, since each page
 * of the journey is its own screen.
 */
const unanswered = new Map<string, string[]>();
const keyOf = (caseId: string, field: string) => `${caseId} ${field}`;

export function noteLostUpload(caseId: string, field: string, digest: string): void {
  const key = keyOf(caseId, field);
  unanswered.set(key, [...(unanswered.get(key) ?? []), digest]);
}

/** Whether an upload to this record's question got no answer, and may be in. */
export const hasLostUpload = (caseId: string, field: string): boolean => unanswered.has(keyOf(caseId, field));

/**
 * The document an unanswered upload of this file left in the record, among those listed, that the page does
 * not hold yet (`held`); it is then taken as the upload's answer and no longer looked for.
 */
export function takeLostUpload(
  caseId: string,
  field: string,
  digest: string,
  listed: readonly DocumentInfo[],
  held: (id: string) => boolean,
): DocumentInfo | null {
  const key = keyOf(caseId, field);
  const digests = unanswered.get(key) ?? [];
  if (!digests.includes(digest)) return null;
  const found = listed.find((d) => d.fieldName === field && d.sha256 === digest && !held(d.id));
  if (!found) return null;
  const left = digests.filter((d, i) => d !== digest || i !== digests.indexOf(digest));
  if (left.length > 0) unanswered.set(key, left);
  else unanswered.delete(key);
  return found;
}

/**
 * What a restore puts on the questions whose files were chosen after the session had ended (UnsavedInput
 * `notUploaded`), for the page it goes back to: that page is a new screen, which takes them as it opens.
 */
let toChooseAgain: FieldErrors = {};

export function noteChooseAgain(errors: FieldErrors): void {
  toChooseAgain = errors;
}

export function takeChooseAgain(): FieldErrors {
  const errors = toChooseAgain;
  toChooseAgain = {};
  return errors;
}
