import { CASE_MESSAGES } from '#contract/cases.ts';
import { formatDateTime } from './format.ts';
import type { UnsavedInput } from './unsavedInput.ts';

/** 'You have unsaved changes from <time>: restore / discard', shown when the screen opens with kept input. */
export function RestoreOffer({
  input,
  onRestore,
  onDiscard,
}: {
  input: UnsavedInput;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="notice restore-offer" role="region" aria-labelledby="restore-offer-text">
      <p id="restore-offer-text">
        {CASE_MESSAGES.unsavedOffer(formatDateTime(input.savedAt))}
        {input.caseNumber ? ` They belong to record ${input.caseNumber}.` : ''}
      </p>
      <div className="button-row">
        <button type="button" onClick={onRestore}>
          Restore
        </button>
        <button type="button" className="button-secondary" onClick={onDiscard}>
          Discard
        </button>
      </div>
    </div>
  );
}
