import type { CaseDetail, EserviceDetail } from '#contract/schemas/eservices.ts';
import { formatLimit } from '#contract/documents.ts';
import { allFields, summarise, type FormDefinition } from '#contract/forms/index.ts';
import type { Queryable } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import { listDocuments } from '../documents/store.ts';
import { renderAcknowledgement } from '../pdf/acknowledgement.ts';

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
  }>(
    `SELECT c.submitted_digest AS digest, sp.ptib_name AS submitter, a.profile_id AS submitter_profile,
            op.ptib_name AS owner, op.id_num AS owner_id_num
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
  const documents = await listDocuments(db, row.id, {
    profileId: principal.actingProfileId,
    accountId: principal.accountId,
  });
  const fileNames = Object.fromEntries(
    documents.map((d) => [d.id, `${d.fileName} (${formatLimit(d.sizeBytes)})`] as const),
  );
  return renderAcknowledgement({
    eserviceTitle: eservice.title,
    caseNumber: row.caseNumber,
    submittedAt: new Date(row.submittedAt!),
    submittedBy: facts.submitter ?? facts.owner,
    onBehalfOf:
      facts.submitter_profile && facts.submitter_profile !== principal.actingProfileId
        ? `${facts.owner} (${facts.owner_id_num})`
        : undefined,
    sections: summarise(eservice.form, row.data, fileNames),
    files: documents.map((d) => ({
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
