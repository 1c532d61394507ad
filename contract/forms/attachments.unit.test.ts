import { describe, expect, it } from 'vitest';
import { attachmentAnswers, updateAnswerAt } from './attachments.ts';
import type { AttachmentField, FormDefinition } from './types.ts';

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
