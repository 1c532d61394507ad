import type { FastifyReply } from 'fastify';

/** Answers a record's PDF as a download: the applicant's own paper, kept by no cache between. */
export function sendPdf(reply: FastifyReply, fileName: string, pdf: Uint8Array): FastifyReply {
  return reply
    .header('Cache-Control', 'private, no-store')
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(Buffer.from(pdf));
}
