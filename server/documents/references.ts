import { DOCUMENT_MESSAGES } from '#contract/documents.ts';
import { attachmentAnswers, type FieldErrors, type FormDefinition } from '#contract/forms/index.ts';
import type { Queryable } from '../db/database.ts';

/**
 * An attachment answer may name only documents uploaded to that question of that record: otherwise a
 * record could point at someone else's file, which its officers would then open. Unknown ids are a field
 * error (nothing of the other file is revealed). A record not yet created has no documents.
 */
export async function unknownAttachments(
  db: Queryable,
  caseId: string | null,
  def: FormDefinition,
  answers: Record<string, unknown>,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const references = attachmentAnswers(def, answers);
  if (references.length === 0) return errors;
  const { rows } = caseId
    ? await db.query<{ id: string; field_name: string }>(
        'SELECT id::text AS id, field_name FROM documents WHERE case_id = $1::bigint',
        [caseId],
      )
    : { rows: [] };
  const known = new Set(rows.map((r) => `${r.field_name}/${r.id}`));
  for (const ref of references)
    if (ref.ids.some((id) => !known.has(`${ref.field}/${id}`))) errors[ref.path] = DOCUMENT_MESSAGES.missing;
  return errors;
}
