import type { ReactNode } from 'react';
import { FORM_TEXT } from '#contract/forms/index.ts';

/**
 * The head of a step that asks questions, as on GOV.UK: Back (when there is a page to go back to), the
 * caption that says what the page belongs to, and the heading that names the page (the focus lands there
 * on arrival, RouterView).
 */
export function StepHeading({
  backHref,
  caption,
  children,
}: {
  backHref: string | null;
  caption: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {backHref && (
        <a className="back-link" href={backHref}>
          {FORM_TEXT.back}
        </a>
      )}
      <p className="caption">{caption}</p>
      <h1 id="page-heading" tabIndex={-1}>
        {children}
      </h1>
    </>
  );
}
