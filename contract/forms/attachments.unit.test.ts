import { describe, expect, it } from 'vitest';
import { attachmentAnswers, sentFiles, updateAnswerAt } from './attachments.ts';
import { FIELD_MESSAGES } from './messages.ts';
import type { AttachmentField, FormDefinition } from './types.ts';
import { validate } from './validate.ts';

const file = { type: 'attachment', maxSizeBytes: 1_000_000, maxFiles: 3, types: ['application/pdf'] } as const;
const attachment = (name: string, label: string): AttachmentField => ({ name, label, ...file, types: [...file.types] });

const def: FormDefinition = {
  schemaVersion: 2,
  pages: [
    {
      id: 'claim',
      heading: 'Your claim',
      sections: [
        {
          heading: 'Claim',
          fields: [
            attachment('proof', 'Proof of debt'),
            { name: 'remarks', label: 'Remarks', type: 'textarea' },
            {
              name: 'claims',
              label: 'Claims',
              type: 'group',
              itemLabel: 'Claim',
              fields: [{ name: 'amount', label: 'Amount', type: 'amount' }, attachment('invoice', 'Invoice')],
            },
          ],
        },
      ],
    },
  ],
};

describe('attachmentAnswers', () => {
  it('finds the files named at the top level and in each row, with their paths', () => {
    const answers = {
      proof: ['1', '2'],
      remarks: 'x',
      claims: [{ amount: '5', invoice: ['3'] }, { amount: '6' }, 'not a row', { invoice: [] }, { invoice: ['4'] }],
    };
    expect(attachmentAnswers(def, answers)).toEqual([
      { path: 'proof', field: 'proof', ids: ['1', '2'] },
      { path: 'claims[0].invoice', field: 'invoice', ids: ['3'] },
      { path: 'claims[4].invoice', field: 'invoice', ids: ['4'] },
    ]);
  });

  it('finds nothing where no file is named', () => {
    expect(attachmentAnswers(def, { proof: [], claims: 'oops' })).toEqual([]);
  });
});

describe('sentFiles (docs/decisions/0110)', () => {
  const employed = { name: 'employed', label: 'Employed', type: 'yesNo' } as const;
  const shownIfEmployed = { field: 'employed', op: 'equals', value: 'Y' } as const;
  const conditional: FormDefinition = {
    schemaVersion: 2,
    pages: [
      {
        id: 'work',
        heading: 'Work',
        sections: [
          {
            heading: 'Work',
            fields: [
              employed,
              { ...attachment('payslips', 'Payslips'), showIf: shownIfEmployed },
              {
                name: 'jobs',
                label: 'Jobs',
                type: 'group',
                itemLabel: 'Job',
                fields: [
                  { name: 'paid', label: 'Paid', type: 'yesNo' },
                  { ...attachment('contract', 'Contract'), showIf: { field: 'paid', op: 'equals', value: 'Y' } },
                ],
              },
            ],
          },
          { heading: 'Employer', showIf: shownIfEmployed, fields: [attachment('letter', 'Letter')] },
        ],
      },
    ],
  };

  it('sends the files of a question that applies, at the top level, in a shown section and in a row', () => {
    const answers = {
      employed: 'Y',
      payslips: ['1', '2'],
      letter: ['3'],
      jobs: [{ paid: 'Y', contract: ['4'] }],
    };
    expect([...sentFiles(conditional, answers)]).toEqual(['1', '2', '4', '3']);
  });

  it("sends none of a question the answers hide: by its own condition, its section's or its row's", () => {
    const answers = {
      employed: 'N',
      payslips: ['1', '2'],
      letter: ['3'],
      jobs: [
        { paid: 'N', contract: ['4'] },
        { paid: 'Y', contract: ['5'] },
      ],
    };
    expect([...sentFiles(conditional, answers)]).toEqual(['5']);
    expect([...sentFiles(conditional, { payslips: ['1'] })]).toEqual([]);
  });

  it('asks for the required files of a question only while it applies', () => {
    const required: FormDefinition = {
      ...conditional,
      pages: [
        {
          id: 'work',
          heading: 'Work',
          sections: [
            {
              heading: 'Work',
              fields: [employed, { ...attachment('payslips', 'Payslips'), required: true, showIf: shownIfEmployed }],
            },
          ],
        },
      ],
    };
    const check = (answers: Record<string, unknown>) =>
      validate(required, answers, { mode: 'submit', today: '2030-06-01' });
    expect(check({ employed: 'Y' })).toEqual({ payslips: FIELD_MESSAGES.upload('Payslips') });
    expect(check({ employed: 'N' })).toEqual({});
  });
});

describe('updateAnswerAt', () => {
  it('changes a top-level answer, leaving the others as they were', () => {
    const before = { proof: ['1'], remarks: 'x' };
    const after = updateAnswerAt(before, 'proof', (old) => [...(old as string[]), '2']);
    expect(after).toEqual({ proof: ['1', '2'], remarks: 'x' });
    expect(before).toEqual({ proof: ['1'], remarks: 'x' });
  });

  it("changes one row's answer, copying the rows and keeping the row's other answers", () => {
    const rows = [{ amount: '5', invoice: ['3'] }, { amount: '6' }];
    const after = updateAnswerAt({ claims: rows }, 'claims[1].invoice', () => ['4']);
    expect(after).toEqual({
      claims: [
        { amount: '5', invoice: ['3'] },
        { amount: '6', invoice: ['4'] },
      ],
    });
    expect(rows[1]).toEqual({ amount: '6' });
    expect((after.claims as unknown[])[0]).toBe(rows[0]);
  });

  it('starts a row or the rows when there are none yet', () => {
    expect(updateAnswerAt({}, 'claims[0].invoice', () => ['9'])).toEqual({ claims: [{ invoice: ['9'] }] });
  });
});
