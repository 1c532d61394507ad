import { ROUTES } from '#contract/index.ts';
import { CASE_MESSAGES } from '#contract/cases.ts';
import { FORM_TEXT } from '#contract/forms/index.ts';

/**
 * What the last action came to, when it did not go as asked. A draft deleted since (the browser's Back after
 * deleting it, an old link, another tab) is no error of the user's: it says so, with the way on (the page
 * itself is a new record of the e-service).
 */
export function Notice({ text }: { text: string | null }) {
  if (!text) return null;
  if (text === CASE_MESSAGES.deleted || text === FORM_TEXT.deletedWhileOpen)
    return (
      <p className="notice">
        {text} <a href={`#${ROUTES.dashboard}`}>{FORM_TEXT.toDashboard}</a>
      </p>
    );
  return <p className="notice notice-error">{text}</p>;
}
