import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { freshDatabase } from '../test/database.ts';
import { FormDefinitionError, checkFormDefinition, publishFormVersion } from './forms.ts';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
});
afterAll(async () => {
  await db.close();
  await drop();
});

const versions = async (code: string) =>
  (
    await db.query<{ version: number }>('SELECT version FROM eservice_form_versions WHERE code = $1 ORDER BY version', [
      code,
    ])
  ).rows.map((r) => r.version);

const current = async (code: string) =>
  (
    await db.query<{ version: number; definition: unknown }>(
      `SELECT v.version, v.definition FROM eservices e
         JOIN eservice_form_versions v ON v.code = e.code AND v.version = e.form_version WHERE e.code = $1`,
      [code],
    )
  ).rows[0]!;

describe('publishing a form definition', () => {
  it('says what is wrong one line a problem, each naming its path in the definition', async () => {
    const bad = structuredClone((await current('PD')).definition) as {
      pages: Array<{ sections: Array<{ fields: Array<Record<string, unknown>> }> }>;
    };
    bad.pages[1]!.sections[0]!.fields[0]!.type = 'nosuchtype';
    const problems = (definition: unknown) => {
      try {
        checkFormDefinition(definition);
      } catch (error) {
        if (error instanceof FormDefinitionError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(problems(bad)).toEqual([
      'pages[1].sections[0].fields[0].type: must be one of text, textarea, number, amount, date, select, radios, ' +
        'checkboxes, yesNo, nric, uen, mobile, phone, email, postalCode, caseNumber, address, declaration, ' +
        'attachment, group',
    ]);
    expect(problems({})).toEqual([
      'schemaVersion: Invalid input: expected 2',
      'pages: Invalid input: expected array, received undefined',
    ]);
    const listed = await versions('PD');
    await expect(publishFormVersion(db, 'PD', bad)).rejects.toThrow(FormDefinitionError);
    expect(await versions('PD')).toEqual(listed);
  });
});
