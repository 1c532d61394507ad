import { formDefinitionSchema } from '#contract/forms/schema.ts';
import type { FormDefinition } from '#contract/forms/types.ts';
import type { Database } from '../db/database.ts';

/**
 * Publishing a new version of an e-service's form (docs/decisions/0035-form-model-v2.md): the
 * definition is checked first, stored as the next version and made current in one transaction.
 * Versions already published are immutable (a trigger of migration 100 refuses changes), and records
 * keep the version they were filled in under, so nothing stored is re-validated or changed.
 */
export async function publishFormVersion(db: Database, code: string, definition: unknown): Promise<number> {
  const checked: FormDefinition = formDefinitionSchema.parse(definition) as FormDefinition;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ code: string }>('SELECT code FROM eservices WHERE code = $1 FOR UPDATE', [code]);
    if (!rows[0]) throw new Error(`There is no e-service ${code}.`);
    const { rows: next } = await tx.query<{ version: number }>(
      `INSERT INTO eservice_form_versions (code, version, definition)
       SELECT $1, COALESCE(max(version), 0) + 1, $2::jsonb FROM eservice_form_versions WHERE code = $1
       RETURNING version`,
      [code, JSON.stringify(checked)],
    );
    const version = next[0]!.version;
    await tx.query('UPDATE eservices SET form_version = $2 WHERE code = $1', [code, version]);
    return version;
  });
}
