import type { TravelAmendment as Amendment } from '#contract/schemas/eservices.ts';
import { TRAVEL_TEXT as TEXT } from '#contract/travel.ts';
import { formatDay } from '../../components/shell/formatMoment.ts';

/**
 * A travel application's trip as the latest approved request to amend it left it (docs/decisions/0091): shown
 * above the answers as submitted, which stay as they were (the acknowledgement's digest covers them), so the
 * traveller reads the dates and countries now permitted rather than those first given.
 */
export function TravelAmendment({ amendment }: { amendment: Amendment }) {
  return (
    <section aria-labelledby="amended-trip-heading">
      <h2 id="amended-trip-heading">{TEXT.amendedHeading}</h2>
      <p>{TEXT.amendedBy(amendment.caseNumber, formatDay(amendment.approvedAt))}</p>
      {amendment.trip.length === 0 ? (
        <p>{TEXT.noNewTrip}</p>
      ) : (
        <dl className="check-answers" data-testid="amended-trip">
          {amendment.trip.map((row) => (
            <div key={row.path}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
