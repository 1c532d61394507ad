import { formatIsoDate } from '#contract/forms/index.ts';
import { CERTIFICATE_TEXT as T, formatMoney } from '#contract/payments.ts';
import { singaporeTime } from '#contract/singapore.ts';
import type { Certificate } from '../payments/certificate.ts';
import { PdfWriter } from './document.ts';

/** The certificate of payments of an approved Payment Certificates record (docs/decisions/0085). */
export async function renderCertificate(c: Certificate, contactPhone: string): Promise<Uint8Array> {
  const pdf = await PdfWriter.create(
    { title: `Certificate of payments ${c.caseNumber}`, subject: `Payments to the estate ${c.estateReference}` },
    c.issuedAt,
  );
  pdf
    .heading(T.title, 18)
    .row(T.number, c.caseNumber)
    .row(T.estate, c.estateReference)
    .row(T.debtor, c.debtorName ?? T.notInRegister)
    .row(T.period, `${formatIsoDate(c.periodFrom)} to ${formatIsoDate(c.periodTo)}`)
    .row(T.issued, singaporeTime(c.issuedAt))
    .space(12)
    .heading(T.payments, 13);
  if (c.payments.length === 0) pdf.paragraph(T.none);
  for (const p of c.payments) pdf.row(formatIsoDate(p.paidOn), T.payment(formatMoney(p.cents), p.method));
  if (c.payments.length > 0) pdf.row(T.total, formatMoney(c.payments.reduce((sum, p) => sum + p.cents, 0)));
  pdf.space(12).paragraph(T.certifies);
  if (c.byPostTo) pdf.paragraph(T.byPost(c.byPostTo));
  pdf.space(12).paragraph(T.questions(contactPhone), { muted: true });
  return pdf.bytes();
}
