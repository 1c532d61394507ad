import { OFFICER_MESSAGES, type OfficerActionRequest } from '#contract/officer.ts';
import { OFFICER_SCREEN_TEXT } from '#contract/officerScreens.ts';

/** An action as the case screen's forms give it; the screen adds the version the officer saw. */
export type ActionInput = OfficerActionRequest extends infer R
  ? R extends { version: number }
    ? Omit<R, 'version'>
    : never
  : never;

/** Messages by the DOM id of the control in error, for the error summary's links and the controls. */
export type ActionErrors = Record<string, string>;

/**
 * What is missing from an action before it is sent, with the server's own words for it (the server
 * checks the same and would refuse it): a reason, a message, a field to change, an officer, a note.
 */
export function checkAction(input: ActionInput): ActionErrors {
  const errors: ActionErrors = {};
  switch (input.action) {
    case 'proposeRejection':
      if (!input.reason.trim()) errors['reject-reason'] = OFFICER_MESSAGES.reasonRequired;
      break;
    case 'requestInfo':
      if (input.fields.length === 0) errors['info-fields'] = OFFICER_MESSAGES.fieldsRequired;
      if (!input.message.trim()) errors['info-message'] = OFFICER_MESSAGES.messageRequired;
      break;
    case 'addNote':
      if (!input.text.trim()) errors['note-text'] = OFFICER_MESSAGES.noteRequired;
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
