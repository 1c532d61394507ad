import { PARTY_KINDS, type RegisterResult } from '#contract/register.ts';
import { formatIsoDate } from '#contract/forms/summary.ts';
import { singaporeTime } from '#contract/singapore.ts';
import { PdfWriter } from './document.ts';

export interface ExtractInput {
  serviceTitle: string;
  entry: RegisterResult;
  reference: string;
  searchedAt: Date;
  /** When the entry was last changed in the register. */
  entryUpdatedAt: Date;
  searchedBy: string;
  purpose: string;
  printedAt: Date;
  contactPhone: string;
}

/** The extract of one register entry as a search found it: kept by the searcher as proof of what the register said. */
export async function renderRegisterExtract(input: ExtractInput): Promise<Uint8Array> {
  const { entry } = input;
  const pdf = await PdfWriter.create(
    {
      title: `Register extract ${entry.caseNumber}`,
      subject: `${input.serviceTitle}: extract of the insolvency register`,
    },
    input.printedAt,
  );
  pdf.paragraph('PTIB e-Services', { muted: true }).heading('Extract of the insolvency register', 20);
  pdf
    .row('Search reference', input.reference)
    .row('Searched', singaporeTime(input.searchedAt))
    .row('Searched by', input.searchedBy)
    .row('Purpose of search', input.purpose)
    .row('E-service', input.serviceTitle);
  pdf.heading('Entry', 13);
  pdf
    .row('Name', entry.name)
    .row('Also known as', entry.aliases.length > 0 ? entry.aliases.join('; ') : 'None recorded')
    .row(entry.partyKind === 'individual' ? 'NRIC or FIN' : 'UEN', entry.idNumber)
    .row('Party', PARTY_KINDS[entry.partyKind])
    .row('Case number', entry.caseNumber)
    .row('Proceeding', entry.proceedingLabel)
    .row('Status', entry.statusLabel)
    .row('Filed on', formatIsoDate(entry.filedOn))
    .row('Status since', formatIsoDate(entry.statusOn))
    .row('Trustee or official assignee', entry.administrator)
    .row('Entry last changed', singaporeTime(input.entryUpdatedAt));
  pdf
    .space(6)
    .paragraph(
      'This extract shows the entry as the register held it when it was printed. Quote the search reference in any enquiry.',
    )
    .paragraph(`Printed ${singaporeTime(input.printedAt)}.`, { muted: true, size: 9 })
    .paragraph(`Questions? Call ${input.contactPhone} during office hours.`, { muted: true, size: 9 });
  return pdf.bytes();
}
