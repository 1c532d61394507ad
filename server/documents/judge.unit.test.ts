import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENT_LIMITS, DOCUMENT_MAX_BYTES_CEILING, DOCUMENT_MESSAGES } from '#contract/documents.ts';
import { attachmentLimits, cleanFileName, judgeSize, judgeType } from './judge.ts';

const form = {
  schemaVersion: 2,
  pages: [
    {
      id: 'claim',
      heading: 'Claim',
      sections: [
        {
          heading: 'Creditors',
          fields: [
            {
              type: 'group',
              name: 'creditors',
              fields: [
                { type: 'text', name: 'name', label: 'Name' },
                {
                  type: 'attachment',
                  name: 'invoice',
                  label: 'Invoice',
                  maxSizeBytes: 2048,
                  maxFiles: 2,
                  types: ['application/pdf', 'application/zip'],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('attachmentLimits', () => {
  it('finds an attachment field anywhere in a definition, keeping only types judged by content', () => {
    expect(attachmentLimits(form, 'invoice')).toEqual({ maxBytes: 2048, maxFiles: 2, types: ['pdf'] });
  });
  it('is null for a field that is not an attachment or does not exist', () => {
    expect(attachmentLimits(form, 'name')).toBeNull();
    expect(attachmentLimits(form, 'nothing')).toBeNull();
  });
  it('holds a field to the ceiling and fills what it leaves out', () => {
    const loose = { fields: [{ type: 'attachment', name: 'f', maxSizeBytes: 10 ** 12 }] };
    expect(attachmentLimits(loose, 'f')).toEqual({ ...DEFAULT_DOCUMENT_LIMITS, maxBytes: DOCUMENT_MAX_BYTES_CEILING });
  });
});

describe('judging a file', () => {
  const limits = { maxBytes: 100, maxFiles: 1, types: ['pdf', 'png'] } as const;
  it('refuses empty and over-size files with the GOV.UK words', () => {
    expect(judgeSize(new Uint8Array(0), limits)).toBe(DOCUMENT_MESSAGES.empty);
    expect(judgeSize(new Uint8Array(101), limits)).toBe('The selected file must be smaller than 1KB');
    expect(judgeSize(new Uint8Array(100), limits)).toBeNull();
  });
  it('goes by content, not by name', async () => {
    expect(await judgeType(Buffer.from('%PDF-1.4\n%%EOF\n'), limits)).toMatchObject({ ok: true, type: 'pdf' });
    expect(await judgeType(Buffer.from('hello'), limits)).toEqual({
      ok: false,
      message: 'The selected file must be a PDF or PNG',
    });
  });
  it('keeps a safe file name', () => {
    expect(cleanFileName('C:\\fakepath\\a"b<c>.pdf', 'pdf')).toBe('abc.pdf');
    expect(cleanFileName('../../etc/passwd\u0000', 'pdf')).toBe('passwd.pdf');
    expect(cleanFileName('', 'png')).toBe('document.png');
    // As Chromium and Firefox send `receipt "final".pdf` and a name with a line break.
    expect(cleanFileName('receipt %22final%22.pdf', 'pdf')).toBe('receipt final.pdf');
    expect(cleanFileName('two%0D%0Alines.pdf', 'pdf')).toBe('twolines.pdf');
    expect([...cleanFileName('x'.repeat(500) + '.pdf', 'pdf')]).toHaveLength(200);
  });

  it('leaves out C1 controls, line separators and invisible characters, but keeps what right-to-left and Indic names need', () => {
    expect(cleanFileName('ctl\u0085\u009bname\u2028x\u2029.pdf', 'pdf')).toBe('ctlnamex.pdf');
    expect(cleanFileName('zw\u200b\u00ad\u2060\ufeffx.pdf', 'pdf')).toBe('zwx.pdf');
    expect(cleanFileName('invoice\u202efdp\u2066.exe', 'pdf')).toBe('invoicefdp.exe.pdf');
    // A right-to-left mark after a name's digits, a Persian non-joiner, a Malayalam joiner: kept.
    for (const name of [
      '\u05d3\u05d5\u05d7 2026\u200f.pdf',
      '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.pdf',
      '\u0d28\u0d4d\u200d.pdf',
    ])
      expect(cleanFileName(name, 'pdf')).toBe(name);
  });
});
