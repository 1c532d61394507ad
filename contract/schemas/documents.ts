import { z } from 'zod';
import { DOCUMENT_FILE_NAME_MAX, SCAN_STATUSES } from '../documents.ts';
import { FIELD_NAME_PATTERN } from '../forms/types.ts';

export const documentSchema = z.object({
  id: z.uuid(),
  fieldName: z.string(),
  fileName: z.string().max(DOCUMENT_FILE_NAME_MAX),
  mediaType: z.string(),
  sizeBytes: z.number().int().positive(),
  sha256: z.string(),
  scanStatus: z.enum(SCAN_STATUSES),
  uploadedAt: z.string(),
});
export type DocumentInfo = z.infer<typeof documentSchema>;

/**
 * A file an officer sent with the decision on a record (docs/decisions/0090): the applicant downloads it as
 * any of the record's documents, at DOCUMENT_PATHS.one. sentAt is when the decision was taken.
 */
export const decisionDocumentSchema = z.object({
  id: z.uuid(),
  fileName: z.string().max(DOCUMENT_FILE_NAME_MAX),
  mediaType: z.string(),
  sizeBytes: z.number().int().positive(),
  sentAt: z.string(),
});
export type DecisionDocumentInfo = z.infer<typeof decisionDocumentSchema>;

/**
 * A record's files: those uploaded to its questions, and those an officer sent with its decision (none until
 * it is decided; an answer that leaves the list out has none). `unseen`: the files on its questions that
 * another account of the profile uploaded and no scanner has passed, which the caller may not see: only
 * their ids, which its answers name already, so that they are not taken for files removed (docs/decisions/0105).
 */
export const documentListSchema = z.object({
  documents: z.array(documentSchema),
  decisionDocuments: z.array(decisionDocumentSchema).default([]),
  unseen: z.array(z.object({ id: z.uuid(), fieldName: z.string() })).default([]),
});
export type DocumentList = z.infer<typeof documentListSchema>;

export const documentIdParamsSchema = z.object({ documentId: z.uuid('must be a document id') });

export const uploadQuerySchema = z.object({
  field: z.string().regex(FIELD_NAME_PATTERN, 'must be a field name'),
});
