import { DOCUMENT_MESSAGES } from '#contract/documents.ts';
import { attachmentAnswers, type FieldErrors, type FormDefinition } from '#contract/forms/index.ts';
import type { Queryable } from '../db/database.ts';

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
