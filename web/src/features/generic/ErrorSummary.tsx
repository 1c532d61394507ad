import { useEffect, useRef } from 'react';
import { SUMMARY_MESSAGE, type FieldErrors } from '../../../../contract/forms/index.ts';
import { fieldDomId } from './format.ts';

/**
 * The error summary at the top of the form (GOV.UK pattern): 'Please correct the validation errors.'
 * with a link to each field in error. Focus moves to it on each attempt (attempt changes); a link
 * moves focus to its field without touching the hash route.
 */
export function ErrorSummary({ errors, attempt }: { errors: FieldErrors; attempt: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors);
  const shown = entries.length > 0;

  useEffect(() => {
    if (shown && attempt > 0) ref.current?.focus();
    // Only a new attempt moves focus; corrections as the user types do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  if (!shown) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary-title">
        {SUMMARY_MESSAGE}
      </h2>
      <ul>
        {entries.map(([path, message]) => (
          <li key={path}>
            <a
              href={`#${fieldDomId(path)}`}
              onClick={(e) => {
                e.preventDefault();
                const target = document.getElementById(fieldDomId(path));
                target?.focus();
                target?.scrollIntoView?.({ block: 'center' });
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
