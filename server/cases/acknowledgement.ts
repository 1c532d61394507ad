import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import { allFields, summarise, type FormDefinition } from '#contract/forms/index.ts';
import type { Queryable } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import { DOCUMENT_MESSAGES } from '#contract/documents.ts';
import { listDocuments } from '../documents/store.ts';
import { fileWithSize, renderAcknowledgement } from '../pdf/acknowledgement.ts';

/**
 * The PDF acknowledgement of a submitted record, as its acting profile sees it: made from the stored answers,
 * documents and the digest fixed at submission, so it always says the same (the download, and the email
 * sent when the record is submitted).
 */
export async function acknowledgementPdf(
  db: Queryable,
  row: CaseDetail,
  eservice: EserviceDetail,
  principal: Principal,
  contactPhone: string,
): Promise<Uint8Array> {
  const { rows } = await db.query<{
    digest: string | null;
    submitter: string | null;
    submitter_profile: string | null;
    owner: string;
    owner_id_num: string;
    resubmitted_at: Date | string | null;
    open_request_at: Date | string | null;
  }>(
    // A resubmission is the one move from "more information requested" back to "in review" (contract/cases.ts
    // CASE_TRANSITIONS): its time is the record's history's, as the officer's case view reads it.
    `SELECT c.submitted_digest AS digest, sp.ptib_name AS submitter, a.profile_id AS submitter_profile,
            op.ptib_name AS owner, op.id_num AS owner_id_num,
            (SELECT h.changed_at FROM case_status_history h
              WHERE h.case_id = c.id AND h.from_status = 'more_info_requested' AND h.to_status = 'in_review'
              ORDER BY h.id DESC LIMIT 1) AS resubmitted_at,
            CASE WHEN c.status = 'more_info_requested' THEN
              (SELECT r.requested_at FROM case_info_requests r
                WHERE r.case_id = c.id AND r.answered_at IS NULL ORDER BY r.id DESC LIMIT 1) END AS open_request_at
       FROM cases c
       JOIN ptib_profiles op ON op.id = c.profile_id
       LEFT JOIN LATERAL (SELECT account_id FROM case_status_history h
                           WHERE h.case_id = c.id AND h.to_status = 'submitted' ORDER BY h.id DESC LIMIT 1) s ON true
       LEFT JOIN accounts a ON a.id = s.account_id
       LEFT JOIN ptib_profiles sp ON sp.id = a.profile_id
      WHERE c.id = $1::bigint`,
    [row.id],
  );
  const facts = rows[0]!;
  // A file added for an open request is not sent until the answers are resubmitted: until then the
  // acknowledgement, like its digest, describes the last submission only.
  const sentBefore = facts.open_request_at === null ? null : new Date(facts.open_request_at).getTime();
  const documents = (
    await listDocuments(db, row.id, { profileId: principal.actingProfileId, accountId: principal.accountId })
  ).filter((d) => sentBefore === null || new Date(d.uploadedAt).getTime() < sentBefore);
  // A file found infected after it was kept reached nobody (docs/decisions/0067): not among the documents
  // sent, and marked where the answers name it.
  const fileNames = Object.fromEntries(
    documents.map((d) => {
      const mark = d.scanStatus === 'infected' ? ` – ${DOCUMENT_MESSAGES.infectedSentNote(contactPhone)}` : '';
      return [d.id, `${fileWithSize(d.fileName, d.sizeBytes)}${mark}`] as const;
    }),
  );
  return renderAcknowledgement({
    eserviceTitle: eservice.title,
    caseNumber: row.caseNumber,
    submittedAt: new Date(row.submittedAt!),
    resubmittedAt: facts.resubmitted_at === null ? undefined : new Date(facts.resubmitted_at),
    submittedBy: facts.submitter ?? facts.owner,
    onBehalfOf:
      facts.submitter_profile && facts.submitter_profile !== principal.actingProfileId
        ? `${facts.owner} (${facts.owner_id_num})`
        : undefined,
    sections: summarise(eservice.form, row.data, fileNames),
    files: documents
      .filter((d) => d.scanStatus !== 'infected')
      .map((d) => ({
        question: questionOf(eservice.form, d.fieldName),
        fileName: d.fileName,
        sizeBytes: d.sizeBytes,
      })),
    digest: facts.digest ?? '(not recorded: submitted before digests were kept)',
    contactPhone,
  });
}

/** The file name of a record's acknowledgement. */
export const acknowledgementFileName = (caseNumber: string) => `acknowledgement-${caseNumber.replace(/ /g, '-')}.pdf`;

/** The label of an attachment question, also inside a repeating group. */
function questionOf(form: FormDefinition, name: string): string {
  for (const field of allFields(form)) {
    if (field.name === name) return field.label;
    if (field.type === 'group') {
      const child = field.fields.find((f) => f.name === name);
      if (child) return `${field.label}: ${child.label}`;
    }
  }
  return name;
}
