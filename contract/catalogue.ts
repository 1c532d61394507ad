import { SHELL_MESSAGES } from './messages.ts';

/**
 * The message catalogue of the specification (§2, §5, §8), with its exact text (typos included): all of it,
 * for screens, toasts and the server. The shell's four messages are written once, in SHELL_MESSAGES; the
 * others live here, in a module of their own, so that only the screens that show them load them (a bundle
 * puts a whole module in one chunk, and the first load needs SHELL_MESSAGES: the first-load budget, docs/decisions/0026).
 */
export const MESSAGES = {
  accessDenied:
    "You're not allowed to access the required page. Please contact the administrator if you think you should be allowed to access it.",
  notFound:
    'The file that you have requested is not available on this server. The page may have been moved or updated.',
  notFoundHint: 'Please check that the address is correct and does not contain any spaces.',
  unexpected: 'Your browser did something unexpected. Please contact us if the problem persists.',
  somethingWrong: 'Sorry, something is wrong. Please try again later.',
  somethingWrongVariant: 'Sorry, something is wrong. Please try again later..',
  systemDifficulties: SHELL_MESSAGES.systemDifficulties,
  saveFailed: 'Sorry, save record failed. Please try again later.',
  deleteFailed: 'Sorry, delete record failed. Please try again later.',
  submitFailed: 'Sorry, submit record failed. Please try again later.',
  /** The specification names a draft-save variant without its text; this wording is ours. */
  draftSaveFailed: 'Sorry, save draft failed. Please save your details elsewhere and try again later.',
  searchFailed: 'Sorry, your search is not successful currently. Please try again later.',
  recordSaved: 'Record saved successfully.',
  draftSaved: 'Draft saved successfully.',
  recordDeleted: 'Delete record successfully.',
  validationSummary: SHELL_MESSAGES.validationSummary,
  invalidPostalCode: 'Invaild Postal Code',
  /** A refused proxy switch's error, before the server's reason (spec §6). */
  accessForbidden: 'Access forbidden',
  warningBanner: SHELL_MESSAGES.warningBanner,
  contactAirtime: SHELL_MESSAGES.contactAirtime,
} as const;
export type MessageKey = keyof typeof MESSAGES;
