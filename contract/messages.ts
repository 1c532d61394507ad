/**
 * The message catalogue of the specification (§2, §5, §8), with its exact text (typos included).
 * No copy of these strings may live anywhere else: screens, toasts and the server import them.
 */

export const PHONE_PLACEHOLDER = '{phone}';

/** The toll-free number used until (or when) the deployment's own (GET /api/config contactPhone) is known. */
export const DEFAULT_CONTACT_PHONE = '1800-225-5529';

export const MESSAGES = {
  accessDenied:
    "You're not allowed to access the required page. Please contact the administrator if you think you should be allowed to access it.",
  notFound:
    'The file that you have requested is not available on this server. The page may have been moved or updated.',
  notFoundHint: 'Please check that the address is correct and does not contain any spaces.',
  unexpected: 'Your browser did something unexpected. Please contact us if the problem persists.',
  somethingWrong: 'Sorry, something is wrong. Please try again later.',
  somethingWrongVariant: 'Sorry, something is wrong. Please try again later..',
  systemDifficulties:
    'Sorry, the system is facing some technical difficulties. Please try again later. If the problem persists, please contact {phone} to report the matter.',
  saveFailed: 'Sorry, save record failed. Please try again later.',
  deleteFailed: 'Sorry, delete record failed. Please try again later.',
  submitFailed: 'Sorry, submit record failed. Please try again later.',
  /** The specification names a draft-save variant without its text; this wording is ours. */
  draftSaveFailed: 'Sorry, save draft failed. Please save your details elsewhere and try again later.',
  searchFailed: 'Sorry, your search is not successful currently. Please try again later.',
  recordSaved: 'Record saved successfully.',
  draftSaved: 'Draft saved successfully.',
  recordDeleted: 'Delete record successfully.',
  validationSummary: 'Please correct the validation errors.',
  invalidPostalCode: 'Invaild Postal Code',
  accessForbiddenTitle: 'Access forbidden',
  warningBanner:
    'Unauthorised access is an offence under the Computer Misuse Act. Only authorised users may use this system.',
  contactAirtime: 'Airtime charges may apply for calls made from mobile phones.',
} as const;
export type MessageKey = keyof typeof MESSAGES;

/** Fills {phone} in a catalogue message. */
export function withPhone(message: string, phone: string): string {
  return message.split(PHONE_PLACEHOLDER).join(phone);
}

/** Toast titles (§2). */
export const TOAST_TITLES = {
  success: 'Success Message',
  warn: 'Warn Message',
  info: 'Info Message',
  error: 'Error Message',
} as const;
export type ToastSeverity = keyof typeof TOAST_TITLES;

/** Headings (and document titles) of the four error screens (spec §2). */
export const ERROR_SCREEN_TITLES = {
  accessDenied: 'Access denied',
  pageNotFound: 'Page not Found',
  systemError: 'System Error',
  unexpectedError: 'Unexpected System Error',
} as const;

export const ERROR_CODE_LABEL = 'Error Code: ';
export const TAKE_ME_HOME = 'Take Me Home';
export const MYSELF_SUFFIX = ' (Myself)';

/** SAML single sign-on answers (our wording). */
export const SSO_MESSAGES = {
  notConfigured: 'Single sign-on is not available on this service.',
  malformed: 'The sign-in answer from the identity provider is not a valid SAML response.',
  badSignature: 'The sign-in answer from the identity provider has no valid signature.',
  wrongAudience: 'The sign-in answer from the identity provider is meant for another service.',
  expired: 'The sign-in answer from the identity provider has expired or is not yet valid. Please sign in again.',
  unsolicited:
    'The sign-in answer from the identity provider does not answer a sign-in started here, or it was already used. Please sign in again.',
  replayed: 'This sign-in answer was already used. Please sign in again.',
  idpRefused: 'The identity provider did not sign you in.',
  rejected: 'The sign-in answer from the identity provider could not be accepted. Please sign in again.',
  unknownUser: 'No PTIB account matches the user the identity provider signed in.',
} as const;
