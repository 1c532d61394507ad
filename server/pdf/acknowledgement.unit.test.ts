import { describe, expect, it } from 'vitest';
import { pdfText } from '../test/pdf-text.ts';
import { singaporeTime } from '#contract/singapore.ts';
import { renderAcknowledgement, submissionDigest } from './acknowledgement.ts';

describe('the acknowledgement PDF', () => {
  const submittedAt = new Date('2026-11-25T06:05:00Z');
  const digest = submissionDigest({
    caseNumber: 'PD 000042 2026',
    formVersion: 2,
    answers: { a: 1 },
    fileHashes: ['x'],
  });

  it('holds the case number, the time, every answer, the files and the digest, as text a reader can find', async () => {
    const bytes = await renderAcknowledgement({
      eserviceTitle: 'Payment by Debtor',
      caseNumber: 'PD 000042 2026',
      submittedAt,
      submittedBy: 'Tan Ah Kow',
      onBehalfOf: 'Lim Siew Ling (S1234567D)',
      sections: [
        { heading: 'About the payment', rows: [{ label: 'Amount', value: 'S$1,234.50' }] },
        {
          heading: 'Creditors',
          rows: Array.from({ length: 60 }, (_, i) => ({
            label: `Creditor ${i + 1}`,
            value: `Zoë Ng Pte. Ltd. ${i + 1}`,
          })),
        },
      ],
      files: [{ question: 'Invoice', fileName: 'invoice.pdf', sizeBytes: 2_500_000 }],
      digest,
      contactPhone: '1800-225-5529',
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const expected of [
      'Acknowledgement of submission',
      'PD 000042 2026',
      '25 Nov 2026, 14:05',
      'Lim Siew Ling (S1234567D)',
      'S$1,234.50',
      'Zoë Ng Pte. Ltd. 60',
      'invoice.pdf (2.4 MB)',
      digest,
      'Page 2 of',
    ])
      expect(text).toContain(expected);
  });

  it('cuts a word longer than the line where it starts a line after other words, never past the page', async () => {
    const address = `https://example.com/${'a'.repeat(120)}`;
    const bytes = await renderAcknowledgement({
      eserviceTitle: 'Travel',
      caseNumber: 'PR 000001 2026',
      submittedAt,
      submittedBy: 'Tan Ah Kow',
      sections: [
        { heading: 'Trip', rows: [{ label: 'Purpose', value: `Visiting supplier, details at ${address} thanks` }] },
      ],
      files: [],
      digest,
      contactPhone: '1800-225-5529',
    });
    const text = await pdfText(bytes);
    expect(text.replace(/\s+/g, '')).toContain(`Visitingsupplier,detailsat${address}thanks`);
    // Drawn whole on one line, it ran off the page and was lost to the eye.
    expect(text).not.toContain(address);
  });

  it('prints a character its font lacks as ? instead of failing', async () => {
    const bytes = await renderAcknowledgement({
      eserviceTitle: 'Travel',
      caseNumber: 'TRA 000001 2026',
      submittedAt,
      submittedBy: '陈大文',
      sections: [],
      files: [],
      digest,
      contactPhone: '1800-225-5529',
    });
    expect(await pdfText(bytes)).toContain('Submitted by');
  });

  it('prints a tab kept in an answer stored before answers were cleaned of them as a space, not ?', async () => {
    const bytes = await renderAcknowledgement({
      eserviceTitle: 'Debt Repayment',
      caseNumber: 'DAR 000001 2026',
      submittedAt,
      submittedBy: 'Tan\tAh Kow',
      sections: [{ heading: 'About you', rows: [{ label: 'Employer', value: 'Acme\tPte Ltd' }] }],
      files: [],
      digest,
      contactPhone: '1800-225-5529',
    });
    const text = await pdfText(bytes);
    expect(text).toMatch(/Tan\s+Ah Kow/);
    expect(text).toMatch(/Acme\s+Pte Ltd/);
    for (const garbled of ['Tan?Ah', 'Acme?Pte']) expect(text).not.toContain(garbled);
  });

  it('prints answers that mix Arabic or Hebrew with Latin letters and digits in the order they are read', async () => {
    const bytes = await renderAcknowledgement({
      eserviceTitle: 'Debt Repayment',
      caseNumber: 'DAR 000001 2026',
      submittedAt,
      submittedBy: 'محمد Muhammad round 4',
      sections: [
        {
          heading: 'Creditors',
          rows: [
            { label: 'Creditor 1', value: 'عبد الله بن محمد 123 Tan' },
            { label: 'Creditor 2', value: 'דוד כהן בע"מ #15' },
            { label: 'Reference', value: 'رقم ١٢٣' },
          ],
        },
      ],
      files: [],
      digest,
      contactPhone: '1800-225-5529',
    });
    // pdf.js gives each drawn piece's Arabic or Hebrew back in the order it was typed, the pieces in the
    // order they are on the line: reversed as a whole, the Latin words and digits came back backwards.
    const text = await pdfText(bytes);
    for (const expected of ['Muhammad round 4 محمد', 'Tan 123 عبد الله بن محمد', '#15 דוד כהן בע"מ', '١٢٣'])
      expect(text).toContain(expected);
    for (const reversed of ['dammahuM', 'naT 321', '51#', '٣٢١']) expect(text).not.toContain(reversed);
  });

  it('writes Singapore time as the screens write times', () => {
    expect(singaporeTime(new Date('2026-01-01T15:59:00Z'))).toBe('1 Jan 2026, 23:59');
    expect(singaporeTime(new Date('2026-01-01T16:00:00Z'))).toBe('2 Jan 2026, 00:00');
    // September as every screen writes it, not a locale's 'Sept'.
    expect(singaporeTime(new Date('2026-09-05T01:07:00Z'))).toBe('5 Sep 2026, 09:07');
  });

  it('digests the same content the same way, whatever the key order, and differently when anything changes', () => {
    const a = submissionDigest({
      caseNumber: 'X',
      formVersion: 1,
      answers: { b: 2, a: [1, { d: 1, c: 2 }] },
      fileHashes: ['1', '2'],
    });
    const b = submissionDigest({
      caseNumber: 'X',
      formVersion: 1,
      answers: { a: [1, { c: 2, d: 1 }], b: 2 },
      fileHashes: ['2', '1'],
    });
    expect(a).toBe(b);
    expect(
      submissionDigest({
        caseNumber: 'X',
        formVersion: 2,
        answers: { b: 2, a: [1, { d: 1, c: 2 }] },
        fileHashes: ['1', '2'],
      }),
    ).not.toBe(a);
  });
});
