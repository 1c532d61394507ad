import { MYSELF_SUFFIX } from '#contract/index.ts';
import { CASE_MESSAGES } from '#contract/cases.ts';
import { focusMainHeading } from '../../lib/router/focusHeading.ts';
import { formatDateTime } from './format.ts';
import type { KeptElsewhere, UnsavedInput } from './unsavedInput.ts';

/**
 * The offer goes once answered, and its button with it: focus goes to the page's heading, where a keyboard
 * or screen-reader user reads on, rather than back to the page's start.
 */
const thenFocusHeading = (act: () => void) => () => {
  act();
  focusMainHeading(document.querySelector('main') ?? document.body);
};

/**
 * 'You have unsaved changes from <time>: restore / discard', shown when the screen opens with kept input. With no
 * `onRestore` (a record that can take no changes any more) it says so and offers only the discard, or the input
 * would be listed as unsaved changes until it expires, with nothing anywhere to remove it.
 */
export function RestoreOffer({
  input,
  onRestore,
  onDiscard,
}: {
  input: UnsavedInput;
  onRestore?: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="notice restore-offer" role="region" aria-labelledby="restore-offer-text">
      <p id="restore-offer-text">
        {CASE_MESSAGES.unsavedOffer(formatDateTime(input.savedAt))}
        {input.caseNumber ? ` They belong to record ${input.caseNumber}.` : ''}
        {onRestore ? '' : ` ${CASE_MESSAGES.unsavedNotUsable}`}
      </p>
      <div className="button-row">
        {onRestore && (
          <button type="button" onClick={thenFocusHeading(onRestore)}>
            Restore
          </button>
        )}
        <button type="button" className="button-secondary" onClick={thenFocusHeading(onDiscard)}>
          Discard
        </button>
      </div>
    </div>
  );
}

/**
 * Input typed for this e-service while acting for another profile (or as themself), kept in this browser: the
 * form is empty here on purpose, and says so with whom to act for to continue it. Nothing of its answers.
 */
export function KeptElsewhereNotice({ kept, ownProfileId }: { kept: KeptElsewhere[]; ownProfileId: string }) {
  if (kept.length === 0) return null;
  return (
    <div className="notice">
      {kept.map((k) => (
        <p key={k.profileId}>
          {CASE_MESSAGES.unsavedForProfile(`${k.profileName}${k.profileId === ownProfileId ? MYSELF_SUFFIX : ''}`)}
        </p>
      ))}
    </div>
  );
}
