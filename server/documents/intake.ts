import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { RESPONSE_CODE } from '#contract/index.ts';
import {
  DOCUMENT_MAX_BYTES_CEILING,
  DOCUMENT_MESSAGES,
  type DocumentLimits,
  type ScanStatus,
} from '#contract/documents.ts';
import { ApiError, badRequest } from '../plugins/errors.ts';
import { cleanFileName, judgeSize, judgeType } from './judge.ts';
import { ScannerUnavailableError, type Scanner } from './scanner.ts';

/**
 * How a file comes in, whoever sends it (docs/decisions/0037): one file a request, read within its limit,
 * then its size, the virus scan and its type, in that order, so that a virus is reported as one whatever the
 * file claims to be.
 */

/**
 * Lets a routes plugin take uploads. The ceiling bounds what is read of any one file before the route's own
 * limit is checked. Two parts are parsed, so that a request of more than its one file is seen and refused
 * (readOneFile); a third is a limit error, refused alike. A field is never used: a few bytes of one are enough
 * to refuse it.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES_CEILING, files: 2, fields: 1, parts: 2, fieldSize: 64, headerPairs: 20 },
  });
}

/** A file read, scanned and judged: what is kept of it. */
export interface TakenFile {
  fileName: string;
  mediaType: string;
  content: Buffer;
  sha256: string;
  scanStatus: ScanStatus;
}

/**
 * The one file of an upload, read within the limit: a request must hold exactly one part, a file with a name.
 * More parts (a second file, a form field) are refused with oneFileOnly and keep nothing, where reading the
 * first file alone kept it and dropped the rest unsaid; a lone part that is no named file (a field, a file
 * part without a name), or none, is noFile.
 */
async function readOneFile(
  app: FastifyInstance,
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: string,
): Promise<{ filename: string; content: Buffer }> {
  if (!request.isMultipart()) throw badRequest(DOCUMENT_MESSAGES.noFile);
  const isLimitError = (error: unknown) =>
    error instanceof app.multipartErrors.PartsLimitError ||
    error instanceof app.multipartErrors.FilesLimitError ||
    error instanceof app.multipartErrors.FieldsLimitError;
  const parts = request.parts({ limits: { fileSize: maxBytes } })[Symbol.asyncIterator]();
  const next = async () => {
    try {
      return await parts.next();
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw badRequest(tooLarge);
      if (isLimitError(error)) throw badRequest(DOCUMENT_MESSAGES.oneFileOnly);
      throw badRequest(DOCUMENT_MESSAGES.noFile);
    }
  };
  const first = await next();
  if (first.done) throw badRequest(DOCUMENT_MESSAGES.noFile);
  let file: { filename: string; content: Buffer } | null = null;
  if (first.value.type === 'file') {
    try {
      // Read whole even when unnamed: only past it does the request show whether another part follows.
      file = { filename: first.value.filename, content: await first.value.toBuffer() };
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw badRequest(tooLarge);
      throw badRequest(DOCUMENT_MESSAGES.failed);
    }
  }
  if (!(await next()).done) throw badRequest(DOCUMENT_MESSAGES.oneFileOnly);
  if (!file?.filename) throw badRequest(DOCUMENT_MESSAGES.noFile);
  return file;
}

/**
 * Reads the request's one file and judges it: a 400 that says what is wrong with it, or a 503 when the
 * scanner does not answer (never "clean"). `scanner` null: no scanner configured, so the file is kept marked
 * not scanned. `onVirus` records a refused infected file (the audit trail) before the refusal is answered.
 * `beforeScan` may refuse the file once its bytes are in and before the scan and the judgement of its type,
 * which are the costly part. A few at a time per account and per process (docs/decisions/0115): past that,
 * refused at once with a 429, before the file is read.
 */
export async function takeUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  /**
   * Who sends it (for the limit of uploads at once), and the reply and the route's guards, to check the caller
   * again once the file is in (checkCallerAgain).
   */
  caller: { accountId: number; reply: FastifyReply; guards: readonly preValidationAsyncHookHandler[] },
  limits: DocumentLimits,
  scanner: Scanner | null,
  onVirus: (signature: string) => Promise<void>,
  beforeScan: (sha256: string) => Promise<void> = async () => {},
): Promise<TakenFile> {
  return app.uploads.run(caller.accountId, async () => {
    const file = await readOneFile(app, request, limits.maxBytes, DOCUMENT_MESSAGES.tooLarge(limits));
    const content = file.content;
    // Size first (cheap), then the scan, then the type: a virus is reported as one, whatever it claims to be.
    const sizeProblem = judgeSize(content, limits);
    if (sizeProblem) throw badRequest(sizeProblem);
    const sha256 = createHash('sha256').update(content).digest('hex');
    await beforeScan(sha256);
    let scanStatus: ScanStatus = 'not_scanned';
    if (scanner) {
      let verdict;
      try {
        verdict = await scanner.scan(content);
      } catch (error) {
        if (!(error instanceof ScannerUnavailableError)) throw error;
        request.log.error({ err: error }, 'virus scanner unavailable: upload refused');
        throw new ApiError(503, RESPONSE_CODE.UNAVAILABLE, DOCUMENT_MESSAGES.failed);
      }
      if (!verdict.clean) {
        await onVirus(verdict.signature);
        throw badRequest(DOCUMENT_MESSAGES.virus);
      }
      scanStatus = 'clean';
    }
    const judged = await judgeType(content, limits);
    if (!judged.ok) {
      // The applicant reads plain words; support, asked why a file was refused, reads here what was found.
      if (judged.detail) request.log.info({ refused: judged.detail }, 'upload refused');
      throw badRequest(judged.message);
    }
    // The guards ran before the file was read, which may have taken a minute and a half, and its scan after it.
    await app.checkCallerAgain(request, caller.reply, caller.guards);
    return {
      fileName: cleanFileName(file.filename, judged.type),
      mediaType: judged.mediaType,
      content,
      sha256,
      scanStatus,
    };
  });
}
