import { TIMELINE_LABELS } from '#contract/cases.ts';
import { PROGRESS_TEXT } from '#contract/officerScreens.ts';
import type { CaseProgress } from '#contract/schemas/eservices.ts';
import { formatDateTime } from './format.ts';

/**
 * Where a submitted application stands, as its applicant reads it: each step with its date and the
 * officer's message, what to do next, an open request for more information (the questions named) and a
 * rejection's reason. `headingLevel` fits it under the page's own headings (the dashboard lists several).
 */
export function Progress({
  progress,
  id,
  headingLevel = 2,
  action,
}: {
  progress: CaseProgress;
  /** Unique on the page: the headings' ids are made from it. */
  id: string;
  headingLevel?: 2 | 3;
  /** A link to answer an open request, when the page offers one. */
  action?: { href: string; label: string };
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const last = progress.timeline.length - 1;
  // The current step's words are the open request's or the reason, shown below under their own heading:
  // said once, not twice in a row.
  const saidBelow = (message: string | null, i: number) =>
    i === last && message !== null && (message === progress.request?.message || message === progress.decisionReason);
  return (
    <section aria-labelledby={`${id}-heading`} className="progress-panel" data-testid="case-progress">
      <H id={`${id}-heading`}>{PROGRESS_TEXT.heading}</H>
      <ol className="timeline">
        {progress.timeline.map((step, i) => (
          <li key={`${step.at}-${i}`} aria-current={i === last ? 'step' : undefined}>
            <strong>{TIMELINE_LABELS[step.status]}</strong> <time dateTime={step.at}>{formatDateTime(step.at)}</time>
            {step.message && !saidBelow(step.message, i) && <p className="timeline-message as-typed">{step.message}</p>}
          </li>
        ))}
      </ol>
      {progress.request && (
        <div className="notice">
          <Sub>{PROGRESS_TEXT.requestHeading}</Sub>
          <p className="as-typed" dir="auto">
            {progress.request.message}
          </p>
          <p>{PROGRESS_TEXT.requestedFields}</p>
          <ul>
            {progress.request.fieldLabels.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </div>
      )}
      <Sub>{PROGRESS_TEXT.nextStepHeading}</Sub>
      <p data-testid="next-step">{progress.nextStep}</p>
      {action && (
        <p>
          <a className="button" href={action.href}>
            {action.label}
          </a>
        </p>
      )}
      {/* Below the next step, which tells a rejected applicant to read the reason below. */}
      {progress.decisionReason && (
        <>
          <Sub>{PROGRESS_TEXT.reasonHeading}</Sub>
          <p className="as-typed" dir="auto">
            {progress.decisionReason}
          </p>
        </>
      )}
    </section>
  );
}
