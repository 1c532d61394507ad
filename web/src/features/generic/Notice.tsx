import { ROUTES } from '#contract/index.ts';
import { CASE_MESSAGES } from '#contract/cases.ts';
import { FORM_TEXT } from '#contract/forms/index.ts';

/**
 * What the last action came to, when it did not go as asked. A draft deleted since (the browser's Back after
 * deleting it, an old link, another tab) is no error of the user's: it says so, with the way on (the page
 * itself is a new record of the e-service). A save refused as the record changed elsewhere says to reopen it
 * and restore the input kept: `onReopen` is that way, which keeps the input (a reopening from the list of
 * records would first ask to discard it).
 */
export function Notice({ text, onReopen }: { text: string | null; onReopen?: () => void }) {
  if (!text) return null;
  if (text === CASE_MESSAGES.versionConflict && onReopen)
    return (
      <div className="notice notice-error">
        <p>{text}</p>
        <p>
          <button type="button" onClick={onReopen}>
            {CASE_MESSAGES.reopenLatest}
          </button>
        </p>
      </div>
    );
  if (text === CASE_MESSAGES.deleted || text === FORM_TEXT.deletedWhileOpen)
    return (
      <p className="notice">
        {text} <a href={`#${ROUTES.dashboard}`}>{FORM_TEXT.toDashboard}</a>
      </p>
    );
  return <p className="notice notice-error">{text}</p>;
}
