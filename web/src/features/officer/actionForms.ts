import { FIELD_MESSAGES } from '#contract/forms/index.ts';
import { NOTE_MAX, OFFICER_MESSAGES, REASON_MAX, type OfficerActionRequest } from '#contract/officer.ts';
import { OFFICER_SCREEN_TEXT } from '#contract/officerScreens.ts';
import { showsNothing } from '#contract/validation.ts';

/** An action as the case screen's forms give it; the screen adds the version the officer saw. */
export type ActionInput = OfficerActionRequest extends infer R
  ? R extends { version: number }
    ? Omit<R, 'version'>
    : never
  : never;

/** Messages by the DOM id of the control in error, for the error summary's links and the controls. */
export type ActionErrors = Record<string, string>;

/**
 * The words longer than the server keeps (it counts them trimmed): said beside them, as the applicant's forms
 * say it. The controls have no maxlength, which would cut a longer paste without a word.
 */
function tooLong(errors: ActionErrors, id: string, text: string, label: string, max: number): void {
  if (text.trim().length > max) errors[id] = FIELD_MESSAGES.tooLong(label, max);
}

/**
 * What is missing from an action before it is sent, with the server's own words for it (the server
 * checks the same and would refuse it): a reason, a message, a field to change, an officer, a note (words
 * that show nothing, a zero-width space, are none); and words longer than the server keeps.
 */
export function checkAction(input: ActionInput): ActionErrors {
  const errors: ActionErrors = {};
  const text = OFFICER_SCREEN_TEXT;
  switch (input.action) {
    case 'proposeRejection':
      if (showsNothing(input.reason)) errors['reject-reason'] = OFFICER_MESSAGES.reasonRequired;
      tooLong(errors, 'reject-reason', input.reason, text.reasonLabel, REASON_MAX);
      break;
    case 'requestInfo':
      if (input.fields.length === 0) errors['info-fields'] = OFFICER_MESSAGES.fieldsRequired;
      if (showsNothing(input.message)) errors['info-message'] = OFFICER_MESSAGES.messageRequired;
      tooLong(errors, 'info-message', input.message, text.messageLabel, REASON_MAX);
      break;
    case 'addNote':
      if (showsNothing(input.text)) errors['note-text'] = OFFICER_MESSAGES.noteRequired;
      tooLong(errors, 'note-text', input.text, text.noteLabel, NOTE_MAX);
      break;
    case 'returnRejection':
      tooLong(errors, 'return-note', input.note ?? '', text.returnNoteName, NOTE_MAX);
      break;
    case 'assign':
      if (!Number.isInteger(input.officerAccountId) || input.officerAccountId < 1)
        errors['assign-officer'] = OFFICER_SCREEN_TEXT.chooseOfficer;
      break;
    default:
      break;
  }
  return errors;
}
