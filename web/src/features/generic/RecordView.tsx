import type { ReactNode } from 'react';
import { FORM_TEXT, formatFileSize, type SummarySection } from '#contract/forms/index.ts';
import { DOCUMENT_MESSAGES } from '#contract/documents.ts';
import { PROGRESS_TEXT } from '#contract/officerScreens.ts';
import type { DecisionDocumentInfo, DocumentInfo } from '#contract/schemas/documents.ts';
import type { CaseDetail, CaseProgress, CaseStatusResponse } from '#contract/schemas/eservices.ts';
import { BillPanel } from '../../app/parts.ts';
import { CheckAnswers } from './CheckAnswers.tsx';
import { DownloadAcknowledgement } from './DownloadAcknowledgement.tsx';
import { Notice } from './Notice.tsx';
import { Progress } from './Progress.tsx';
import { RestoreOffer } from './RestoreOffer.tsx';
import { StatusPanel } from './StatusPanel.tsx';
import { TravelAmendment } from './TravelAmendment.tsx';
import type { UnsavedInput } from './unsavedInput.ts';

/**
 * A submitted record, read-only: where it stands, its bill, its answers, and the way to a new record or
 * another one. While an officer's request is open, its progress links to the page that answers it.
 */
export function RecordView({
  title,
  appCode,
  record,
  request,
  respondHref,
  offer,
  onRestore,
  onDiscard,
  history,
  notice,
  onDownload,
  onBillSettled,
  sections,
  documents,
  decisionDocuments,
  onDownloadDocument,
  onStartNew,
  records,
}: {
  /** The e-service's title. */
  title: string;
  appCode: string;
  record: CaseDetail;
  /** The officer's open request for more information, else null. */
  request: CaseProgress['request'];
  /** The page that answers the request. */
  respondHref: string;
  /** Input kept in this browser and not saved. */
  offer: UnsavedInput | null;
  onRestore: (input: UnsavedInput) => void;
  onDiscard: () => void;
  history: CaseStatusResponse['history'] | null;
  notice: string | null;
  onDownload: () => void;
  /** A bill paid here: the record is asked for again, as it says what to do next. */
  onBillSettled: () => void;
  /** The record's answers. */
  sections: SummarySection[];
  /** The files sent with it, each to download again; a file found infected is never given out, so not listed. */
  documents: DocumentInfo[];
  /** The files the officer sent with the decision (docs/decisions/0090): clean ones only, each to download. */
  decisionDocuments: DecisionDocumentInfo[];
  onDownloadDocument: (document: Pick<DocumentInfo, 'id' | 'fileName'>) => void;
  onStartNew: () => void;
  /** The user's records and the case search (YourRecords), under the record. */
  records: ReactNode;
}) {
  return (
    <>
      <h1 id="page-heading" tabIndex={-1}>
        {title}
      </h1>
      {/* While an officer's request is open, some answers may change again: the note would be wrong. */}
      {!request && <p className="form-note">{FORM_TEXT.submittedView}</p>}
      {/* An answer to the request typed and not yet sent: offered back, on the page that sends it. Without a
          request, nothing can take it: it is only offered to discard. */}
      {offer && (
        <RestoreOffer input={offer} onRestore={request ? () => onRestore(offer) : undefined} onDiscard={onDiscard} />
      )}
      <StatusPanel record={record} history={history} />
      {record.progress && (
        <Progress
          progress={record.progress}
          id="progress"
          action={request ? { href: respondHref, label: PROGRESS_TEXT.answer } : undefined}
        />
      )}
      <Notice text={notice} />
      {decisionDocuments.length > 0 && (
        <section aria-labelledby="decision-documents-heading">
          <h2 id="decision-documents-heading">{PROGRESS_TEXT.decisionDocumentsHeading}</h2>
          <p>{PROGRESS_TEXT.decisionDocumentsHint}</p>
          <ul className="file-list">
            {decisionDocuments.map((d) => (
              <li key={d.id}>
                <button type="button" className="button-link" onClick={() => onDownloadDocument(d)}>
                  {FORM_TEXT.downloadDocument(d.fileName)}
                </button>
                <span className="form-note">{formatFileSize(d.sizeBytes)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <DownloadAcknowledgement onDownload={onDownload} />
      <BillPanel caseId={record.id} appCode={appCode} onSettled={onBillSettled} />
      {record.travelAmendment && <TravelAmendment amendment={record.travelAmendment} />}
      <CheckAnswers sections={sections} />
      {documents.length > 0 && (
        <section aria-labelledby="documents-heading">
          <h2 id="documents-heading">{FORM_TEXT.documentsHeading}</h2>
          <ul className="file-list">
            {documents.map((d) => (
              <li key={d.id}>
                <button type="button" className="button-link" onClick={() => onDownloadDocument(d)}>
                  {FORM_TEXT.downloadDocument(d.fileName)}
                </button>
                <span className="form-note">
                  {formatFileSize(d.sizeBytes)}
                  {d.scanStatus === 'not_scanned' && ` – ${DOCUMENT_MESSAGES.notScannedNote}`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <button type="button" className="button-link" onClick={onStartNew}>
          Start a new record
        </button>
      </p>
      {records}
    </>
  );
}
