import { DOCUMENT_MESSAGES } from '#contract/documents.ts';
import {
  answersToKeep,
  attachmentAnswers,
  hasRowOf,
  sentFiles,
  updateAnswerAt,
  type FieldErrors,
  type FormDefinition,
  type FormValues,
} from '#contract/forms/index.ts';
import type { Queryable } from '../db/database.ts';
import { unseenDocuments, type Viewer } from './store.ts';

/**
 * An attachment answer may name only documents uploaded to that question of that record: otherwise a
 * record could point at someone else's file, which its officers would then open. Unknown ids are a field
 * error (nothing of the other file is revealed). A record not yet created has no documents. On submission
 * (`refuseInfected`), a file a scanner found infected after it was kept is the field's error too, the
 * upload's own virus message (docs/decisions/0067): its owner removes it and uploads another.
 */
export async function unknownAttachments(
  db: Queryable,
  caseId: string | null,
  def: FormDefinition,
  answers: Record<string, unknown>,
  refuseInfected = false,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const references = attachmentAnswers(def, answers);
  if (references.length === 0) return errors;
  const { rows } = caseId
    ? await db.query<{ id: string; field_name: string; scan_status: string; file_name: string }>(
        `SELECT id::text AS id, field_name, scan_status, file_name FROM documents
          WHERE case_id = $1::bigint AND origin = 'applicant'`,
        [caseId],
      )
    : { rows: [] };
  const known = new Map(rows.map((r) => [`${r.field_name}/${r.id}`, r] as const));
  for (const ref of references) {
    const docs = ref.ids.map((id) => known.get(`${ref.field}/${id}`));
    const infected = docs.find((d) => d?.scan_status === 'infected');
    if (docs.includes(undefined)) errors[ref.path] = DOCUMENT_MESSAGES.missing;
    else if (refuseInfected && infected) errors[ref.path] = DOCUMENT_MESSAGES.virusIn(infected.file_name);
  }
  return errors;
}

/**
 * The answers a save writes, with the files of the stored answers that the saver cannot see put back: another
 * account's, not yet passed by a scanner, are missing from the saver's list of files, so the saver's page (any
 * client) leaves them out, and one person would remove another's file without knowing it existed
 * (docs/decisions/0105). A file goes back where it was: a repeating group's row only if the save still has it.
 * A question the save hides keeps no answer, as ever.
 */
export async function withUnseenAttachments(
  db: Queryable,
  caseId: string,
  def: FormDefinition,
  stored: Record<string, unknown>,
  answers: FormValues,
  viewer: Viewer,
): Promise<FormValues> {
  const before = attachmentAnswers(def, stored);
  if (before.length === 0) return answers;
  const unseen = new Set((await unseenDocuments(db, caseId, viewer)).map((d) => `${d.fieldName}/${d.id}`));
  let kept = answers;
  for (const ref of before) {
    const lost = ref.ids.filter((id) => unseen.has(`${ref.field}/${id}`));
    if (lost.length === 0 || !hasRowOf(kept, ref.path)) continue;
    kept = updateAnswerAt(kept, ref.path, (now) => {
      const ids = Array.isArray(now) ? now.map(String) : [];
      return [...ids, ...lost.filter((id) => !ids.includes(id))];
    });
  }
  return kept === answers ? answers : answersToKeep(def, kept);
}

/**
 * Deletes the record's files its answers do not send (sentFiles): on a question that does not apply, or that no
 * answer names. They stayed with the draft while it was edited, so that answering the question again brought them
 * back; a submission sends its answers and their files only, and keeps nothing its applicant said does not apply
 * (docs/decisions/0110). `since`: a resubmission's request, before which each file went with an earlier
 * submission and stays the record's (the officers' copy of what was sent). Answers the ids deleted.
 */
export async function deleteUnsentDocuments(
  db: Queryable,
  caseId: string,
  def: FormDefinition,
  answers: Record<string, unknown>,
  since: Date | string | null = null,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `DELETE FROM documents WHERE case_id = $1::bigint AND origin = 'applicant' AND NOT (id::text = ANY($2::text[]))
        AND ($3::timestamptz IS NULL OR uploaded_at >= $3::timestamptz)
      RETURNING id::text AS id`,
    [caseId, [...sentFiles(def, answers)], since === null ? null : new Date(since)],
  );
  return rows.map((r) => r.id).sort();
}
