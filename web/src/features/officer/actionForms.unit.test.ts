import { describe, expect, it } from 'vitest';
import { OFFICER_MESSAGES } from '#contract/officer.ts';
import { OFFICER_SCREEN_TEXT } from '#contract/officerScreens.ts';
import { checkAction } from './actionForms.ts';

describe('an action checked before it is sent', () => {
  it("needs the reason of a rejection, in the server's words, keyed by the control in error", () => {
    expect(checkAction({ action: 'proposeRejection', reason: '  ' })).toEqual({
      'reject-reason': OFFICER_MESSAGES.reasonRequired,
    });
    expect(checkAction({ action: 'proposeRejection', reason: 'Not a PTIB member.' })).toEqual({});
  });

  it('needs a question to change and a message to request more information', () => {
    expect(checkAction({ action: 'requestInfo', fields: [], message: '' })).toEqual({
      'info-fields': OFFICER_MESSAGES.fieldsRequired,
      'info-message': OFFICER_MESSAGES.messageRequired,
    });
    expect(checkAction({ action: 'requestInfo', fields: ['amount'], message: 'Please correct.' })).toEqual({});
  });

  it("needs the note's text, and an officer to assign to", () => {
    expect(checkAction({ action: 'addNote', text: '' })).toEqual({ 'note-text': OFFICER_MESSAGES.noteRequired });
    expect(checkAction({ action: 'assign', officerAccountId: 0 })).toEqual({
      'assign-officer': OFFICER_SCREEN_TEXT.chooseOfficer,
    });
  });

  it('lets the actions that need nothing more through', () => {
    for (const action of ['assignToMe', 'release', 'approve', 'approveRejection'] as const)
      expect(checkAction({ action })).toEqual({});
    expect(checkAction({ action: 'returnRejection', note: '' })).toEqual({});
  });
});
