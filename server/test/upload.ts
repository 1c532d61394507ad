import { fillPath } from '#contract/processEngine.ts';
import { DOCUMENT_PATHS } from '#contract/documents.ts';
import type { TestClient } from './client.ts';

/** The smallest PDF the documents' type check takes: what the API tests upload. */
export const TEST_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/**
 * A PDF of other bytes than TEST_PDF's, told apart by `tag`: a second file on a question must differ, since
 * the same bytes there are the same upload, sent again (server/routes/documents.ts).
 */
export const otherPdf = (tag: string) => Buffer.concat([TEST_PDF, Buffer.from(`%${tag}\n`, 'latin1')]);

/** Uploads one file to a record's question as the form does: one multipart part named "file". */
export function uploadFile(
  c: TestClient,
  caseId: string,
  field: string,
  fileName = 'receipt.pdf',
  content: Buffer = TEST_PDF,
) {
  return postFile(c, `${fillPath(DOCUMENT_PATHS.ofCase, { id: caseId })}?field=${field}`, fileName, content);
}

/** Posts one file as the web app's uploads do: a multipart body of one part named "file". */
export function postFile(c: TestClient, url: string, fileName: string, content: Buffer = TEST_PDF) {
  const boundary = 'ptibtestupload';
  return c.request({
    method: 'POST',
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}
