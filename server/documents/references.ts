import { DOCUMENT_MESSAGES } from '#contract/documents.ts';
import { allFields, isRecord, type FieldErrors, type FormDefinition } from '#contract/forms/index.ts';
import type { Queryable } from '../db/database.ts';

/** Each attachment answer of a record: its path (`creditors[1].invoice`), its field and the document ids. */
export function attachmentAnswers(
  def: FormDefinition,
  answers: Record<string, unknown>,
): Array<{ path: string; field: string; ids: string[] }> {
  const found: Array<{ path: string; field: string; ids: string[] }> = [];
  const take = (path: string, field: string, value: unknown) => {
    if (Array.isArray(value) && value.length > 0) found.push({ path, field, ids: value.map(String) });
  };
  for (const field of allFields(def)) {
    if (field.type === 'attachment') take(field.name, field.name, answers[field.name]);
    if (field.type !== 'group') continue;
    const rows = answers[field.name];
    if (!Array.isArray(rows)) continue;
    rows.forEach((row, i) => {
      if (!isRecord(row)) return;
      for (const child of field.fields)
        if (child.type === 'attachment') take(`${field.name}[${i}].${child.name}`, child.name, row[child.name]);
    });
  }
  return found;
}

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
