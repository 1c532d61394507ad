import { describe, expect, it } from 'vitest';
import { MESSAGES } from './catalogue.ts';
import {
  DEFAULT_CONTACT_PHONE,
  ERROR_SCREEN_TITLES,
  PHONE_PLACEHOLDER,
  SHELL_MESSAGES,
  TOAST_TITLES,
  withPhone,
} from './messages.ts';

/**
 * The message catalogue of the specification (§2, §5, §8), word for word, typos included. These are
 * written out here on purpose: the test is the second copy that catches an edit to the first.
 */
describe('message catalogue', () => {
  it.each([
    [
      'accessDenied',
      "You're not allowed to access the required page. Please contact the administrator if you think you should be allowed to access it.",
    ],
    [
      'notFound',
      'The file that you have requested is not available on this server. The page may have been moved or updated.',
    ],
    ['notFoundHint', 'Please check that the address is correct and does not contain any spaces.'],
    ['unexpected', 'Your browser did something unexpected. Please contact us if the problem persists.'],
    ['somethingWrong', 'Sorry, something is wrong. Please try again later.'],
    ['somethingWrongVariant', 'Sorry, something is wrong. Please try again later..'],
    [
      'systemDifficulties',
      'Sorry, the system is facing some technical difficulties. Please try again later. If the problem persists, please contact {phone} to report the matter.',
    ],
    ['saveFailed', 'Sorry, save record failed. Please try again later.'],
    ['deleteFailed', 'Sorry, delete record failed. Please try again later.'],
    ['submitFailed', 'Sorry, submit record failed. Please try again later.'],
    ['searchFailed', 'Sorry, your search is not successful currently. Please try again later.'],
    ['recordSaved', 'Record saved successfully.'],
    ['draftSaved', 'Draft saved successfully.'],
    ['recordDeleted', 'Delete record successfully.'],
    ['validationSummary', 'Please correct the validation errors.'],
    ['invalidPostalCode', 'Invaild Postal Code'],
    ['accessForbidden', 'Access forbidden'],
  ] as const)('%s is the specification text', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('takes the shell’s messages from SHELL_MESSAGES, the one copy the first load carries', () => {
    for (const [key, text] of Object.entries(SHELL_MESSAGES)) {
      expect(MESSAGES[key as keyof typeof SHELL_MESSAGES]).toBe(text);
    }
    expect(Object.keys(SHELL_MESSAGES).sort()).toEqual([
      'contactAirtime',
      'systemDifficulties',
      'validationSummary',
      'warningBanner',
    ]);
  });

  it('has a draft-save variant that advises saving the details and trying later', () => {
    expect(MESSAGES.draftSaveFailed).toMatch(/save your details/i);
    expect(MESSAGES.draftSaveFailed).toMatch(/try again later/i);
  });

  it('fills {phone} (the only placeholder) wherever it appears', () => {
    expect(MESSAGES.systemDifficulties).toContain(PHONE_PLACEHOLDER);
    expect(withPhone(MESSAGES.systemDifficulties, DEFAULT_CONTACT_PHONE)).toBe(
      'Sorry, the system is facing some technical difficulties. Please try again later. If the problem persists, please contact 1800-225-5529 to report the matter.',
    );
    expect(withPhone('{phone} or {phone}', '1')).toBe('1 or 1');
  });

  it('titles toasts and error screens as the specification names them', () => {
    expect(TOAST_TITLES).toEqual({
      success: 'Success Message',
      warn: 'Warn Message',
      info: 'Info Message',
      error: 'Error Message',
    });
    expect(Object.values(ERROR_SCREEN_TITLES)).toEqual([
      'Access denied',
      'Page not Found',
      'System Error',
      'Unexpected System Error',
    ]);
  });
});
