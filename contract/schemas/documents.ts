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

export const documentListSchema = z.object({ documents: z.array(documentSchema) });

export const documentIdParamsSchema = z.object({ documentId: z.uuid('must be a document id') });

export const uploadQuerySchema = z.object({
  field: z.string().regex(FIELD_NAME_PATTERN, 'must be a field name'),
});
