import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHORITY_PTIB, AUTHORIZATION_SEMS01, RESPONSE_CODE, ok } from '#contract/index.ts';
import {
  CERTIFICATE_ESERVICE,
  PAYMENT_MESSAGES,
  PAYMENT_PATHS,
  billDetailSchema,
  billsListSchema,
  isSettled,
} from '#contract/payments.ts';
import { caseIdParamsSchema, envelopeSchema, errorEnvelopeSchema } from '#contract/schemas/index.ts';
import { openCase } from '../cases/service.ts';
import {
  billDetail,
  billsOf,
  findBill,
  receiptPayer,
  receiptUen,
  renewBill,
  simulatePayment,
  toBill,
  toRefunds,
} from '../payments/bills.ts';
import { certificateOf } from '../payments/certificate.ts';
import { renderCertificate } from '../pdf/certificate.ts';
import { renderReceipt } from '../pdf/receipt.ts';
import { sendPdf } from '../pdf/reply.ts';
import { ApiError } from '../plugins/errors.ts';

const refusals = { 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * The payer's side of bills (docs/decisions/0045, 0046): the acting profile's bills, one record's bill with its
 * PayNow QR payload, an expired bill asked for again (0086), the receipt once settled, and a Payment
 * Certificates record's certificate (0085), both drawn a few at a time per account (0095). Another profile's
 * record answers 404, like every record call.
 */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = [app.requireAuthority(AUTHORITY_PTIB), app.requireAuthorization(AUTHORIZATION_SEMS01)];

  r.get(
    PAYMENT_PATHS.bills,
    { preValidation, schema: { response: { 200: envelopeSchema(billsListSchema), ...refusals } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await billsOf(app.db, request.principal!.actingProfileId, app.now()));
    },
  );

  r.get(
    PAYMENT_PATHS.bill,
    {
      preValidation,
      schema: { params: caseIdParamsSchema, response: { 200: envelopeSchema(billDetailSchema), ...refusals } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { row } = await openCase(app.db, request.params.id, request.principal!);
      return ok(await billDetail(app.db, row.id, request.principal!.actingProfileId, app.config, app.now()));
    },
  );

  r.get(PAYMENT_PATHS.receipt, { preValidation, schema: { params: caseIdParamsSchema } }, async (request, reply) => {
    const principal = request.principal!;
    return app.pdfDownloads.run(principal.accountId, async () => {
      const { row, eservice } = await openCase(app.db, request.params.id, principal);
      const found = await findBill(app.db, row.id, principal.actingProfileId);
      if (!found) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, PAYMENT_MESSAGES.noBill);
      const bill = toBill(found);
      if (!isSettled(bill.state) || !bill.receiptNumber || !found.settled_at)
        throw new ApiError(409, RESPONSE_CODE.CONFLICT, PAYMENT_MESSAGES.notSettled);
      // As fixed at payment, not as the profile or the configuration read today (docs/decisions/0113).
      const pdf = await renderReceipt({
        receiptNumber: bill.receiptNumber,
        eserviceTitle: eservice.title,
        caseNumber: bill.caseNumber,
        reference: bill.reference,
        payer:
          found.paid_by === null
            ? await receiptPayer(app.db, found.id)
            : { name: found.paid_by, uen: found.paid_by_uen, nric: found.paid_by_nric },
        bill,
        refunds: toRefunds(found),
        settledAt: new Date(found.settled_at),
        uen: found.paid_to_uen ?? (await receiptUen(app.db, row.id, app.config)),
        contactPhone: app.config.CONTACT_PHONE,
      });
      return sendPdf(reply, `receipt-${bill.receiptNumber}.pdf`, pdf);
    });
  });

  r.post(
    PAYMENT_PATHS.renew,
    {
      preValidation,
      schema: { params: caseIdParamsSchema, response: { 200: envelopeSchema(billDetailSchema), ...refusals } },
    },
    async (request) => {
      const principal = request.principal!;
      const { row } = await openCase(app.db, request.params.id, principal);
      await renewBill(app.db, row.id, principal.actingProfileId, principal.loginName, app.now());
      return ok(
        await billDetail(app.db, row.id, principal.actingProfileId, app.config, app.now()),
        PAYMENT_MESSAGES.renewed,
      );
    },
  );

  r.get(
    PAYMENT_PATHS.certificate,
    { preValidation, schema: { params: caseIdParamsSchema } },
    async (request, reply) => {
      const principal = request.principal!;
      return app.pdfDownloads.run(principal.accountId, async () => {
        const { row } = await openCase(app.db, request.params.id, principal);
        if (row.appCode !== CERTIFICATE_ESERVICE)
          throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, PAYMENT_MESSAGES.notCertificate);
        const certificate = await certificateOf(app.db, row.id, principal.actingProfileId);
        if (!certificate) throw new ApiError(409, RESPONSE_CODE.CONFLICT, PAYMENT_MESSAGES.noCertificate);
        const pdf = await renderCertificate(certificate, app.config.CONTACT_PHONE);
        return sendPdf(reply, `certificate-${row.caseNumber.replace(/ /g, '-')}.pdf`, pdf);
      });
    },
  );

  // The demo's stand-in for a bank: not merely refused in production but never registered, so no
  // configuration mistake can open it there.
  if (app.config.NODE_ENV !== 'production')
    r.post(
      PAYMENT_PATHS.simulate,
      {
        preValidation,
        schema: { params: caseIdParamsSchema, response: { 200: envelopeSchema(billDetailSchema), ...refusals } },
      },
      async (request) => {
        const principal = request.principal!;
        const { row } = await openCase(app.db, request.params.id, principal);
        await simulatePayment(app.db, row.id, principal.actingProfileId, app.now());
        return ok(
          await billDetail(app.db, row.id, principal.actingProfileId, app.config, app.now()),
          PAYMENT_MESSAGES.simulated,
        );
      },
    );
}
