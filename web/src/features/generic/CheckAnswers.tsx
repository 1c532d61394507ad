import { FORM_TEXT, type SummarySection } from '#contract/forms/index.ts';

/**
 * The answers as people read them (contract/forms/summary.ts), GOV.UK summary lists by page; each
 * answer has a Change link to its question when `changeHref` is given (check answers), none when the
 * record is read-only, nor for a fixed answer (a fee), which no question asks.
 */
export function CheckAnswers({
  sections,
  changeHref,
}: {
  sections: SummarySection[];
  changeHref?: (pageId: string, path: string) => string;
}) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.pageId} aria-labelledby={`answers-${section.pageId}`}>
          <h2 id={`answers-${section.pageId}`}>{section.heading}</h2>
          <dl className="check-answers">
            {section.rows.map((row) => (
              <div key={row.path}>
                <dt>{row.label}</dt>
                {/* An answer's direction is its own: Arabic or Hebrew reads right to left beside an English label. */}
                <dd dir="auto">{row.value}</dd>
                {changeHref && !row.fixed && (
                  <dd>
                    <a href={changeHref(section.pageId, row.path)}>
                      {FORM_TEXT.change} <span className="visually-hidden">{row.label}</span>
                    </a>
                  </dd>
                )}
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}
