import { createHash } from 'node:crypto';
import { formatFileSize } from '#contract/forms/messages.ts';
import { singaporeTime } from '#contract/singapore.ts';
import { PdfWriter } from './document.ts';

/** What the acknowledgement shows: the answers as the user read them on "Check your answers". */
export interface AnswerSection {
  heading: string;
  rows: { label: string; value: string }[];
}

export interface AcknowledgementInput {
  eserviceTitle: string;
  caseNumber: string;
  /** When the record was first submitted. */
  submittedAt: Date;
  /**
   * When its answers were last resubmitted after an officer asked for more information, if they were: the
   * answers, files and digest shown are those of that resubmission.
   */
  resubmittedAt?: Date | undefined;
  /** Who sent it, and for whom when acting as a proxy. */
  submittedBy: string;
  onBehalfOf?: string | undefined;
  sections: AnswerSection[];
  files: { question: string; fileName: string; sizeBytes: number }[];
  /** SHA-256 of the submitted content (submissionDigest). */
  digest: string;
  contactPhone: string;
}

/**
 * A file as the acknowledgement names it, in the answers and in its list of documents: 'invoice.pdf (1 KB)',
 * its size as the screens write it, not as an upload's limit is ('10MB').
 */
export const fileWithSize = (fileName: string, sizeBytes: number) => `${fileName} (${formatFileSize(sizeBytes)})`;

/** JSON with its object keys sorted at every depth: the same content always gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/**
 * The digest printed on the acknowledgement: SHA-256 over the case number, the form version, the answers and
 * each file's own SHA-256, so anyone holding the record can show the PDF describes exactly what was sent.
 */
export function submissionDigest(input: {
  caseNumber: string;
  formVersion: number;
  answers: unknown;
  fileHashes: string[];
}): string {
  return createHash('sha256')
    .update(canonical({ ...input, fileHashes: [...input.fileHashes].sort() }))
    .digest('hex');
}

export async function renderAcknowledgement(input: AcknowledgementInput): Promise<Uint8Array> {
  const pdf = await PdfWriter.create(
    { title: `Acknowledgement ${input.caseNumber}`, subject: `${input.eserviceTitle}: acknowledgement of submission` },
    // The document describes the latest submission, so it dates from it.
    input.resubmittedAt ?? input.submittedAt,
  );
  pdf.paragraph('PTIB e-Services', { muted: true }).heading('Acknowledgement of submission', 20);
  pdf
    .row('E-service', input.eserviceTitle)
    .row('Case number', input.caseNumber)
    .row('Submitted', singaporeTime(input.submittedAt));
  // Whoever reads it (the applicant, an officer, anyone it is forwarded to) can tell which answers were sent
  // when: those below are the resubmitted ones.
  if (input.resubmittedAt) pdf.row('Resubmitted', singaporeTime(input.resubmittedAt));
  pdf.row('Submitted by', input.submittedBy);
  if (input.onBehalfOf) pdf.row('On behalf of', input.onBehalfOf);
  pdf.space(6);
  if (input.resubmittedAt)
    pdf.paragraph(
      `An officer asked for more information and we received your changed answers on ${singaporeTime(input.resubmittedAt)}. The answers and documents below are those you resubmitted.`,
    );
  pdf.paragraph(
    'We have received your submission. An officer will review it and you will be told of the outcome. Keep this acknowledgement and quote the case number in any enquiry.',
  );

  for (const section of input.sections) {
    pdf.heading(section.heading, 13);
    for (const row of section.rows) pdf.row(row.label, row.value);
  }

  pdf.heading('Documents', 13);
  if (input.files.length === 0) pdf.paragraph('No documents were attached.');
  for (const file of input.files) pdf.row(file.question, fileWithSize(file.fileName, file.sizeBytes));

  pdf.heading('Record of what was sent', 13);
  pdf.paragraph(
    `SHA-256 digest of the ${input.resubmittedAt ? 'resubmitted' : 'submitted'} answers and documents: ${input.digest}`,
    { size: 9 },
  );
  pdf.paragraph(
    `Questions? Call ${input.contactPhone} during office hours, or use the online enquiry form. Airtime charges may apply when calling from a mobile phone.`,
    { muted: true, size: 9 },
  );
  return pdf.bytes();
}
