import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMS_CHUNK, SHARED_FORM_MODULES } from './forms-chunk.ts';

const root = path.resolve(import.meta.dirname, '../..');
const inChunk = (file: string) => FORMS_CHUNK.test(path.join(root, file));

describe('the forms chunk', () => {
  it('takes the form engine every step of an e-service form runs, with the schemas, code lists and fees', () => {
    const engine = [
      'contract/forms/validate.ts',
      'contract/forms/rules.ts',
      'contract/forms/summary.ts',
      'contract/forms/normalize.ts',
      'contract/forms/money.ts',
      'contract/forms/attachments.ts',
      'contract/forms/schema.ts',
      'contract/forms/defaults.ts',
      'contract/fees.ts',
      'contract/codelists/currency.ts',
    ];
    expect(engine.filter((file) => !inChunk(file))).toEqual([]);
  });

  it('leaves out what other screens import, and the e-service screen’s own code', () => {
    const elsewhere = [
      'contract/forms/messages.ts',
      'contract/forms/sg.ts',
      'contract/forms/index.ts',
      'contract/cases.ts',
      'web/src/features/generic/GenericScreen.tsx',
      'web/src/features/generic/attachments.tsx',
    ];
    expect(elsewhere.filter(inChunk)).toEqual([]);
  });

  it('names every module of contract/forms, in the chunk or left out on purpose', () => {
    const modules = readdirSync(path.join(root, 'contract/forms'))
      .filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
      .map((file) => `contract/forms/${file}`);
    const undecided = modules.filter(
      (file) => !inChunk(file) && !SHARED_FORM_MODULES.some((name) => file === `contract/forms/${name}.ts`),
    );
    // A new module of the forms: in FORM_ENGINE when only the e-service screen imports it, else shared.
    expect(undecided).toEqual([]);
  });
});
