import { useEffect, useRef } from 'react';
import { FORM_TEXT } from '#contract/forms/messages.ts';

/** Focuses the element of an id (or the first input under it), for error links and Change links. */
export function focusField(id: string): boolean {
  const target =
    document.getElementById(id) ?? document.querySelector<HTMLElement>(`[id^="${CSS.escape(id)}-"]`) ?? null;
  if (!target) return false;
  target.focus();
  target.scrollIntoView?.({ block: 'center' });
  return true;
}

/**
 * The GOV.UK error summary at the top of a page: titled with the spec's 'Please correct the validation
 * errors.' (FORM_TEXT.errorSummaryTitle), as the login form's is, with a link to each field in error. Focus moves to it on each attempt (attempt changes). A field on this page is focused without
 * touching the hash route; `hrefFor` gives the address of a field on another page (with its anchor).
 * A problem of no field (`idFor` answers null: the server's refusal of the whole form) is listed as text.
 * Shared by the e-service forms, the back office and the public Rate page, so it imports no feature: a
 * public screen that reached the forms' code would pull it out of the sign-in chunk (vite.config.ts).
 */
export function ErrorSummary({
  errors,
  attempt,
  hrefFor,
  idFor,
}: {
  /** Each problem's message by the path of its field. */
  errors: Readonly<Record<string, string>>;
  attempt: number;
  hrefFor?: (path: string) => string | null;
  idFor: (path: string) => string | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors);
  const shown = entries.length > 0;

  useEffect(() => {
    // Shown from its start, its title: the browser scrolls only as far as it must, and a summary taller than
    // the window left (400 % zoom, a toast's band kept clear) lost its title and first errors over the top.
    if (shown && attempt > 0) {
      ref.current?.focus({ preventScroll: true });
      ref.current?.scrollIntoView?.({ block: 'start' });
    }
    // Only a new attempt moves focus; corrections as the user types do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  if (!shown) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary-title">
        {FORM_TEXT.errorSummaryTitle}
      </h2>
      <ul>
        {entries.map(([path, message]) => {
          const elsewhere = hrefFor?.(path) ?? null;
          const fieldId = idFor(path);
          if (!elsewhere && fieldId === null) return <li key={path}>{message}</li>;
          return (
            <li key={path}>
              <a
                href={elsewhere ?? `#${fieldId}`}
                onClick={(e) => {
                  if (elsewhere || fieldId === null) return;
                  e.preventDefault();
                  focusField(fieldId);
                }}
              >
                {message}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
