import { formatDay } from '../../components/shell/formatMoment.ts';

/** What the bank's statement says of a credit, as rows of a summary list: the same for a credit waiting or decided. */
export function CreditFacts({ credit }: { credit: { reference: string; payerName: string; valueDate: string } }) {
  return (
    <>
      <div>
        <dt>Reference on the statement</dt>
        <dd>{credit.reference || '(none)'}</dd>
      </div>
      <div>
        <dt>Payer</dt>
        <dd>{credit.payerName}</dd>
      </div>
      <div>
        <dt>Value date</dt>
        <dd>
          <time dateTime={credit.valueDate}>{formatDay(credit.valueDate)}</time>
        </dd>
      </div>
    </>
  );
}
