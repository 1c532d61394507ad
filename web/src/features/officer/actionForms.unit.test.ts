import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '#contract/forms/index.ts';
import { NOTE_MAX, OFFICER_MESSAGES, REASON_MAX } from '#contract/officer.ts';
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

  it('refuses words longer than the server keeps, by the control in error, rather than cut them', () => {
    const long = (n: number) => ` ${'x'.repeat(n)} `;
    expect(checkAction({ action: 'proposeRejection', reason: long(REASON_MAX + 1) })).toEqual({
      'reject-reason': FIELD_MESSAGES.tooLong(OFFICER_SCREEN_TEXT.reasonLabel, REASON_MAX),
    });
    expect(checkAction({ action: 'requestInfo', fields: ['amount'], message: long(REASON_MAX + 1) })).toEqual({
      'info-message': FIELD_MESSAGES.tooLong(OFFICER_SCREEN_TEXT.messageLabel, REASON_MAX),
    });
    expect(checkAction({ action: 'addNote', text: long(NOTE_MAX + 1) })).toEqual({
      'note-text': FIELD_MESSAGES.tooLong(OFFICER_SCREEN_TEXT.noteLabel, NOTE_MAX),
    });
    expect(checkAction({ action: 'returnRejection', note: long(NOTE_MAX + 1) })).toEqual({
      'return-note': FIELD_MESSAGES.tooLong(OFFICER_SCREEN_TEXT.returnNoteName, NOTE_MAX),
    });
    // Up to the limit once trimmed, as the server counts.
    expect(checkAction({ action: 'proposeRejection', reason: long(REASON_MAX) })).toEqual({});
    expect(checkAction({ action: 'returnRejection', note: long(NOTE_MAX) })).toEqual({});
  });

  it('lets the actions that need nothing more through', () => {
    for (const action of ['assignToMe', 'release', 'approve', 'approveRejection'] as const)
      expect(checkAction({ action })).toEqual({});
    expect(checkAction({ action: 'returnRejection', note: '' })).toEqual({});
  });
});
