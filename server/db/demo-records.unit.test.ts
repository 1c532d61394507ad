import { describe, expect, it } from 'vitest';
import { isEditable } from '#contract/cases.ts';
import { validate } from '#contract/forms/validate.ts';
import { DEMO_RECORDS } from './demo-records.ts';
import { FORM_DEFINITIONS } from './forms/definitions.ts';

const FILE_ID = '5d0c2f51-0c6e-4f0e-8a47-3c2f1b9e7d22';

describe('the demo records', () => {
  // An officer may ask for more information on a demo record; its applicant must then be able to send it
  // back, which checks the whole record again as a submission does.
  it.each(DEMO_RECORDS.filter((r) => !isEditable(r.status)).map((r) => [r.appCode, r] as const))(
    '%s holds answers its current form accepts as a submission, on any day',
    (_, record) => {
      for (const today of ['2026-01-01', '2026-11-26', '2027-02-28']) {
        const answers = { ...record.answers(today, new Map([['PCD', '2026000001']])) };
        for (const field of Object.keys(record.files ?? {})) answers[field] = [FILE_ID];
        expect(validate(FORM_DEFINITIONS[record.appCode]!, answers, { mode: 'submit', today }), today).toEqual({});
      }
    },
  );
});
