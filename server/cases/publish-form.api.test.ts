import { describe, expect, it } from 'vitest';
import { useFreshDatabase } from '../test/database.ts';
import { FormDefinitionError, checkFormDefinition, publishFormVersion } from './forms.ts';

const db = useFreshDatabase();

const versions = async (code: string) =>
  (
    await db().query<{ version: number }>(
      'SELECT version FROM eservice_form_versions WHERE code = $1 ORDER BY version',
      [code],
    )
  ).rows.map((r) => r.version);

const current = async (code: string) =>
  (
    await db().query<{ version: number; definition: unknown }>(
      `SELECT v.version, v.definition FROM eservices e
         JOIN eservice_form_versions v ON v.code = e.code AND v.version = e.form_version WHERE e.code = $1`,
      [code],
    )
  ).rows[0]!;

describe('publishing a form definition', () => {
  it('publishes nothing when the definition is the current version, however often it is run', async () => {
    const before = await current('PD');
    const listed = await versions('PD');
    expect(await publishFormVersion(db(), 'PD', before.definition)).toEqual({
      version: before.version,
      published: false,
    });
    expect(await versions('PD')).toEqual(listed);

    const next = structuredClone(before.definition) as { pages: Array<{ heading: string }> };
    next.pages[0]!.heading = 'A heading of the next version';
    expect(await publishFormVersion(db(), 'PD', next)).toEqual({ version: before.version + 1, published: true });
    expect(await publishFormVersion(db(), 'PD', next)).toEqual({ version: before.version + 1, published: false });
    expect(await versions('PD')).toEqual([...listed, before.version + 1]);
  });

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
    await expect(publishFormVersion(db(), 'PD', bad)).rejects.toThrow(FormDefinitionError);
    expect(await versions('PD')).toEqual(listed);
  });
});
