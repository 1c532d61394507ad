import { formDefinitionSchema } from '#contract/forms/schema.ts';
import type { FormDefinition } from '#contract/forms/types.ts';
import type { Database } from '../db/database.ts';

/** A definition the form schema refuses: one line a problem, each naming where in the definition. */
export class FormDefinitionError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

/** Where a problem is, as a path into the JSON: pages[1].sections[0].fields[2].type. */
const pathOf = (path: readonly PropertyKey[]) =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i > 0 ? '.' : ''}${String(key)}`)).join('');

/**
 * The definition as the form schema (contract/forms/schema.ts) reads it, or a FormDefinitionError saying what it
 * refuses: an operator read zod's issue list, 20–40 lines of JSON, to find one misspelt field type.
 */
export function checkFormDefinition(definition: unknown): FormDefinition {
  const result = formDefinitionSchema.safeParse(definition);
  if (result.success) return result.data as FormDefinition;
  throw new FormDefinitionError(
    result.error.issues.map((issue) => {
      // A field type no field has: the schema's own message quotes every choice in a union of literals.
      const what =
        issue.code === 'invalid_union' && 'options' in issue && Array.isArray(issue.options)
          ? `must be one of ${issue.options.map(String).join(', ')}`
          : issue.message;
      return issue.path.length > 0 ? `${pathOf(issue.path)}: ${what}` : what;
    }),
  );
}

/**
 * Publishing a new version of an e-service's form (docs/decisions/0035-form-model-v2.md): the
 * definition is checked first, stored as the next version and made current in one transaction.
 * Versions already published are immutable (a trigger of migration 100 refuses changes), and records
 * keep the version they were filled in under, so nothing stored is re-validated or changed.
 *
 * The current version's own definition, published again, is not a new version (`published` false): a command
 * repeated after a lost terminal made an identical version each time (docs/decisions/0117).
 */
export async function publishFormVersion(
  db: Database,
  code: string,
  definition: unknown,
): Promise<{ version: number; published: boolean }> {
  const checked = checkFormDefinition(definition);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ current: number | null; same: boolean | null }>(
      `SELECT e.form_version AS current, v.definition = $2::jsonb AS same
         FROM eservices e LEFT JOIN eservice_form_versions v ON v.code = e.code AND v.version = e.form_version
        WHERE e.code = $1 FOR UPDATE OF e`,
      [code, JSON.stringify(checked)],
    );
    if (!rows[0]) throw new Error(`There is no e-service ${code}.`);
    if (rows[0].same) return { version: rows[0].current!, published: false };
    const { rows: next } = await tx.query<{ version: number }>(
      `INSERT INTO eservice_form_versions (code, version, definition)
       SELECT $1, COALESCE(max(version), 0) + 1, $2::jsonb FROM eservice_form_versions WHERE code = $1
       RETURNING version`,
      [code, JSON.stringify(checked)],
    );
    const version = next[0]!.version;
    await tx.query('UPDATE eservices SET form_version = $2 WHERE code = $1', [code, version]);
    return { version, published: true };
  });
}
