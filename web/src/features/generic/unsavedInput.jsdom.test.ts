import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearUnsaved,
  entryOf,
  listKeptElsewhere,
  listUnsaved,
  readNewUnsaved,
  readUnsaved,
  unsavedKey,
  writeUnsaved,
  type UnsavedInput,
} from './unsavedInput.ts';

const owner = { loginName: 'ptib.demo', profileId: 'PTIB00000001' };
const NOW = Date.parse('2026-03-06T00:00:00Z');
const NEW_KEY = '2b7c0a4e-6f1d-4c3a-9e8b-0d5f7a1c3e92';

const input = (over: Partial<UnsavedInput> = {}): UnsavedInput => ({
  appCode: 'PCD',
  title: 'Payment of Court Deposits',
  caseId: null,
  caseNumber: null,
  values: {},
  savedAt: NOW - 60_000,
  ...over,
});
const recordX = input({ caseId: '7', caseNumber: 'PC 000007 2026', values: { payer: 'Payer typed in B' } });
const newForm = input({ createKey: NEW_KEY, values: { payer: 'Long name typed in tab A' } });

/** Input as another tab (another page load) wrote it: straight into the browser's storage. */
function writtenByAnotherTab(kept: UnsavedInput) {
  localStorage.setItem(unsavedKey(owner, kept.appCode, entryOf(kept)), JSON.stringify({ ...kept, tab: 'other' }));
}

beforeEach(() => localStorage.clear());

describe('input kept per record (docs/decisions/0010)', () => {
  it('keeps two records of one e-service apart: one written never replaces the other', () => {
    writeUnsaved(owner, newForm);
    writeUnsaved(owner, recordX);
    expect(readUnsaved(owner, 'PCD', '7', NOW)?.values).toEqual({ payer: 'Payer typed in B' });
    expect(readUnsaved(owner, 'PCD', NEW_KEY, NOW)?.values).toEqual({ payer: 'Long name typed in tab A' });
    expect(listUnsaved(owner, NOW).map(entryOf).sort()).toEqual([NEW_KEY, '7'].sort());
  });

  it("forgets one record's input, leaving a new form's beside it", () => {
    writeUnsaved(owner, newForm);
    writeUnsaved(owner, recordX);
    clearUnsaved(owner, 'PCD', '7', { ownOnly: true });
    expect(readUnsaved(owner, 'PCD', '7', NOW)).toBeNull();
    expect(listUnsaved(owner, NOW)).toEqual([expect.objectContaining({ createKey: NEW_KEY, caseId: null })]);
  });

  it('leaves what another tab typed into the same record when a save here forgets only its own', () => {
    writtenByAnotherTab(recordX);
    clearUnsaved(owner, 'PCD', '7', { ownOnly: true });
    expect(readUnsaved(owner, 'PCD', '7', NOW)?.values).toEqual({ payer: 'Payer typed in B' });
    // Written here since, it is this tab's: its save forgets it.
    writeUnsaved(owner, { ...recordX, values: { payer: 'Typed here' } });
    clearUnsaved(owner, 'PCD', '7', { ownOnly: true });
    expect(readUnsaved(owner, 'PCD', '7', NOW)).toBeNull();
    // The user's own Discard forgets it whoever wrote it.
    writtenByAnotherTab(recordX);
    clearUnsaved(owner, 'PCD', '7');
    expect(readUnsaved(owner, 'PCD', '7', NOW)).toBeNull();
  });

  it("moves a new record's input to the record its first save made", () => {
    writeUnsaved(owner, newForm);
    const moved = { ...newForm, caseId: '8', caseNumber: 'PC 000008 2026', createKey: null };
    writeUnsaved(owner, moved, entryOf(newForm));
    expect(readUnsaved(owner, 'PCD', NEW_KEY, NOW)).toBeNull();
    expect(readUnsaved(owner, 'PCD', '8', NOW)?.values).toEqual(newForm.values);
  });

  it('offers a new form the new record named, else the newest not saved yet, never a saved record’s', () => {
    const older = input({ createKey: 'a1b2c3d4-0000-4000-8000-000000000001', savedAt: NOW - 120_000 });
    writeUnsaved(owner, older);
    writeUnsaved(owner, { ...recordX, savedAt: NOW });
    expect(readNewUnsaved(owner, 'PCD', null, NOW)).toMatchObject({ createKey: older.createKey });
    writeUnsaved(owner, newForm);
    expect(readNewUnsaved(owner, 'PCD', null, NOW)).toMatchObject({ createKey: NEW_KEY });
    expect(readNewUnsaved(owner, 'PCD', entryOf(older), NOW)).toMatchObject({ createKey: older.createKey });
    // A record's entry is not a new form's to offer, even named.
    expect(readNewUnsaved(owner, 'PCD', '7', NOW)).toMatchObject({ createKey: NEW_KEY });
    expect(readNewUnsaved(owner, 'PD', null, NOW)).toBeNull();
  });

  it('reads input kept in the one place per e-service of before, under its record from then on', () => {
    const before = `PTIB.unsaved.ptib.demo.PTIB00000001.PCD`;
    localStorage.setItem(before, JSON.stringify(recordX));
    expect(listUnsaved(owner, NOW)).toEqual([expect.objectContaining({ caseId: '7' })]);
    expect(readUnsaved(owner, 'PCD', '7', NOW)?.values).toEqual(recordX.values);
    expect(localStorage.getItem(before)).toBeNull();
    expect(localStorage.getItem(unsavedKey(owner, 'PCD', '7'))).not.toBeNull();

    localStorage.setItem(before, JSON.stringify(input({ values: { payer: 'Kept before keys' } })));
    expect(readNewUnsaved(owner, 'PCD', null, NOW)?.values).toEqual({ payer: 'Kept before keys' });
    expect(localStorage.getItem(before)).toBeNull();
  });

  it("keeps the owner's rules: another login's or profile's input is never listed or offered", () => {
    writeUnsaved({ loginName: 'ptib.other', profileId: 'PTIB00000001' }, newForm);
    writeUnsaved({ ...owner, profileId: 'PTIB00000012' }, recordX);
    expect(listUnsaved(owner, NOW)).toEqual([]);
    expect(readNewUnsaved(owner, 'PCD', NEW_KEY, NOW)).toBeNull();
    expect(readUnsaved(owner, 'PCD', '7', NOW)).toBeNull();
  });

  it('drops input older than the limit', () => {
    writeUnsaved(owner, { ...recordX, savedAt: 0 });
    expect(readUnsaved(owner, 'PCD', '7', NOW)).toBeNull();
    expect(localStorage.getItem(unsavedKey(owner, 'PCD', '7'))).toBeNull();
  });

  it('names each other profile with input for the e-service once, the newest, whatever record it is of', () => {
    const koh = { ...owner, profileId: 'PTIB00000012' };
    writeUnsaved(koh, { ...recordX, profileName: 'Koh Legal Services', savedAt: NOW - 5_000 });
    writeUnsaved(koh, { ...newForm, profileName: 'Koh Legal Services', savedAt: NOW - 1_000 });
    writeUnsaved({ ...owner, profileId: 'PTIB.00000013' }, { ...newForm, profileName: 'Dotted' });
    localStorage.setItem(
      'PTIB.unsaved.ptib.demo.PTIB00000014.PCD',
      JSON.stringify({ ...newForm, profileName: 'Kept before keys' }),
    );
    writeUnsaved(owner, newForm);
    expect(listKeptElsewhere(owner, 'PCD', NOW)).toEqual([
      { profileId: 'PTIB00000012', profileName: 'Koh Legal Services', savedAt: NOW - 1_000 },
      { profileId: 'PTIB.00000013', profileName: 'Dotted', savedAt: newForm.savedAt },
      { profileId: 'PTIB00000014', profileName: 'Kept before keys', savedAt: newForm.savedAt },
    ]);
    expect(listKeptElsewhere(owner, 'PD', NOW)).toEqual([]);
  });
});
