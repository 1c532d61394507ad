import { describe, expect, it } from 'vitest';
import { formatLimit } from '../documents.ts';
import { formatFileSize } from './messages.ts';

describe('formatFileSize: a file’s size, on the screens and in the PDFs alike', () => {
  it('writes kilobytes below a megabyte, rounded, with a space before the unit', () => {
    expect(formatFileSize(340 * 1024)).toBe('340 KB');
    expect(formatFileSize(1500)).toBe('1 KB');
    expect(formatFileSize(1600)).toBe('2 KB');
  });

  it('never writes 0 KB for a file that has content', () => {
    expect(formatFileSize(70)).toBe('1 KB');
    expect(formatFileSize(1)).toBe('1 KB');
  });

  it('writes megabytes to one decimal place, dropping a trailing .0', () => {
    expect(formatFileSize(1024 * 1024)).toBe('1 MB');
    expect(formatFileSize(2_500_000)).toBe('2.4 MB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
  });

  it('writes a size that rounds to 1024 KB as 1 MB', () => {
    expect(formatFileSize(1024 * 1024 - 100)).toBe('1 MB');
    expect(formatFileSize(1024 * 1023)).toBe('1023 KB');
  });

  it('is not the limit in an upload error, which keeps GOV.UK’s form', () => {
    expect(formatLimit(10 * 1024 * 1024)).toBe('10MB');
  });
});
