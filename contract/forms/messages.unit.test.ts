import { describe, expect, it } from 'vitest';
import { formatLimit } from '../documents.ts';
import { FIELD_MESSAGES, formatFileSize } from './messages.ts';

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

describe('FIELD_MESSAGES on rows: the item in the plural', () => {
  it('writes a noun ending in a consonant and y with ies', () => {
    expect(FIELD_MESSAGES.maxRows('Countries visited', 5, 'Country')).toBe(
      'Countries visited must have 5 countries or fewer',
    );
    expect(FIELD_MESSAGES.minRows('Properties', 2, 'Property')).toBe('Properties must have at least 2 properties');
  });

  it('adds s to other nouns, and keeps the singular for one', () => {
    expect(FIELD_MESSAGES.maxRows('Trips', 3, 'Trip')).toBe('Trips must have 3 trips or fewer');
    expect(FIELD_MESSAGES.minRows('Journeys', 2, 'Journey')).toBe('Journeys must have at least 2 journeys');
    expect(FIELD_MESSAGES.minRows('Countries visited', 1, 'Country')).toBe(
      'Countries visited must have at least 1 country',
    );
  });
});

describe('FIELD_MESSAGES of a date whose label ends on a preposition', () => {
  it('names the question in quotes rather than as a broken sentence', () => {
    expect(FIELD_MESSAGES.dateRequired('Payments from')).toBe('Enter the date for “Payments from”');
    expect(FIELD_MESSAGES.dateRequired('Debt due on')).toBe('Enter the date for “Debt due on”');
    expect(FIELD_MESSAGES.compare.date.gte('Payments up to', 'Payments from')).toBe(
      '“Payments up to” must be the same as or after “Payments from”',
    );
    expect(FIELD_MESSAGES.notInFuture('Returned on', '2026-11-29')).toBe(
      '“Returned on” must be today or in the past (today in Singapore is 29 Nov 2026)',
    );
  });

  it('keeps a label that reads as a noun as it was', () => {
    expect(FIELD_MESSAGES.dateRequired('Reporting period start')).toBe('Enter reporting period start');
    expect(FIELD_MESSAGES.compare.date.gt('Reporting period end', 'Reporting period start')).toBe(
      'Reporting period end must be after reporting period start',
    );
  });
});
