import { ROUTES } from '#contract/index.ts';
import { FORM_TEXT } from '#contract/forms/index.ts';
import type { CaseDetail } from '#contract/schemas/eservices.ts';
import { BillPanel } from '../../app/parts.ts';
import { contactPhone } from '../../lib/http/index.ts';
import { DownloadAcknowledgement } from './DownloadAcknowledgement.tsx';
import { Notice } from './Notice.tsx';

/**
 * The confirmation (`&step=confirmation`): the record just submitted, its case number, its bill if it has
 * one, and what happens next.
 */
export function Confirmation({
  title,
  record,
  appCode,
  notice,
  onDownload,
  onBillSettled,
}: {
  /** The e-service's title. */
  title: string;
  record: CaseDetail;
  appCode: string;
  notice: string | null;
  onDownload: () => void;
  /** A bill paid here: the record is asked for again, as it says what to do next. */
  onBillSettled: () => void;
}) {
  return (
    <>
      <div className="panel panel-confirmation">
        <h1 id="page-heading" tabIndex={-1} className="panel-title">
          {FORM_TEXT.confirmationTitle(title)}
        </h1>
        <p className="panel-body">
          {FORM_TEXT.caseNumberLead}
          <br />
          <strong data-testid="case-number">{record.caseNumber}</strong>
        </p>
      </div>
      <Notice text={notice} />
      <DownloadAcknowledgement onDownload={onDownload} />
      <BillPanel caseId={record.id} appCode={appCode} onSettled={onBillSettled} />
      <h2>{FORM_TEXT.whatNextHeading}</h2>
      <p>{FORM_TEXT.whatNext}</p>
      <p>{FORM_TEXT.contact(contactPhone())}</p>
      <p>
        <a href={`#${ROUTES.dashboard}`}>{FORM_TEXT.toDashboard}</a>
      </p>
    </>
  );
}
