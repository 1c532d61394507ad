import type { DecisionDocumentInfo, DocumentInfo } from '#contract/schemas/documents.ts';
import type { ScanStatus } from '#contract/documents.ts';
import type { Queryable } from '../db/database.ts';

/** The documents table (migration 110): rows of one record, read only through its acting profile. */
interface DocumentRow {
  id: string;
  case_id: string;
  /** NULL for an officer's file, which answers no question of the form (docs/decisions/0090). */
  field_name: string | null;
  file_name: string;
  media_type: string;
  size_bytes: number;
  sha256: string;
  scan_status: ScanStatus;
  uploaded_at: Date | string;
}

const COLUMNS =
  'd.id::text AS id, d.case_id::text AS case_id, d.field_name, d.file_name, d.media_type, d.size_bytes, d.sha256, d.scan_status, d.uploaded_at';

/** An officer's file (`d` the documents row) that reached the applicant: sent with a decision, and clean (0090). */
export const SENT_BY_OFFICER = `d.origin = 'officer' AND d.decision_id IS NOT NULL AND d.scan_status = 'clean'`;

/**
 * Who may see a document: the acting profile owns its record (not deleted). Of its own files, one no scanner
 * has passed (not scanned, or found infected) is seen only by the account that uploaded it. An officer's file
 * is seen once the decision it went with is taken, and only clean (docs/decisions/0090).
 */
const VISIBLE = `c.profile_id = $2 AND c.deleted_at IS NULL AND CASE d.origin
  WHEN 'applicant' THEN d.scan_status = 'clean' OR d.uploaded_by = $3::bigint
  ELSE ${SENT_BY_OFFICER} END`;

/**
 * What officers may see of a record's files, besides the scan (`d` the documents row): not one added for the
 * open request for more information, which is sent with the answer, not before (docs/decisions/0040). Until
 * then its applicant may still take it back.
 */
export const SENT_TO_OFFICERS = `NOT EXISTS (SELECT 1 FROM case_info_requests r
  WHERE r.case_id = d.case_id AND r.answered_at IS NULL AND d.uploaded_at >= r.requested_at)`;

export function toInfo(row: DocumentRow): DocumentInfo {
  return {
    id: row.id,
    fieldName: row.field_name ?? '',
    fileName: row.file_name,
    mediaType: row.media_type,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    scanStatus: row.scan_status,
    uploadedAt: new Date(row.uploaded_at).toISOString(),
  };
}

export interface Viewer {
  profileId: string;
  accountId: number;
}

/** The record's own files, those its applicants uploaded to its questions. */
export async function listDocuments(db: Queryable, caseId: string, viewer: Viewer): Promise<DocumentInfo[]> {
  const { rows } = await db.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents d JOIN cases c ON c.id = d.case_id
      WHERE d.case_id = $1::bigint AND d.origin = 'applicant' AND ${VISIBLE} ORDER BY d.field_name, d.uploaded_at, d.id`,
    [caseId, viewer.profileId, viewer.accountId],
  );
  return rows.map(toInfo);
}

/**
 * The files on the record's questions that the viewer's profile owns but the viewer may not see: another
 * account's, which no scanner has passed. Their ids and questions only, which the record's answers name
 * already, so that a save of the viewer's cannot drop them unseen (docs/decisions/0105).
 */
export async function unseenDocuments(
  db: Queryable,
  caseId: string,
  viewer: Viewer,
): Promise<Array<{ id: string; fieldName: string }>> {
  const { rows } = await db.query<{ id: string; field_name: string }>(
    `SELECT d.id::text AS id, d.field_name FROM documents d JOIN cases c ON c.id = d.case_id
      WHERE d.case_id = $1::bigint AND d.origin = 'applicant' AND c.profile_id = $2 AND c.deleted_at IS NULL
        AND NOT (${VISIBLE}) ORDER BY d.field_name, d.uploaded_at, d.id`,
    [caseId, viewer.profileId, viewer.accountId],
  );
  return rows.map((r) => ({ id: r.id, fieldName: r.field_name }));
}

/**
 * The files an officer sent with the decision on the record (docs/decisions/0090), to download: clean ones
 * only, so a file a later scan found infected is never offered.
 */
export async function listDecisionDocuments(
  db: Queryable,
  caseId: string,
  viewer: Viewer,
): Promise<DecisionDocumentInfo[]> {
  const { rows } = await db.query<{
    id: string;
    file_name: string;
    media_type: string;
    size_bytes: number;
    sent_at: Date | string;
  }>(
    `SELECT d.id::text AS id, d.file_name, d.media_type, d.size_bytes, h.changed_at AS sent_at
       FROM documents d JOIN cases c ON c.id = d.case_id JOIN case_status_history h ON h.id = d.decision_id
      WHERE d.case_id = $1::bigint AND d.origin = 'officer' AND ${VISIBLE} ORDER BY h.id, d.uploaded_at, d.id`,
    [caseId, viewer.profileId, viewer.accountId],
  );
  return rows.map((r) => ({
    id: r.id,
    fileName: r.file_name,
    mediaType: r.media_type,
    sizeBytes: Number(r.size_bytes),
    sentAt: new Date(r.sent_at).toISOString(),
  }));
}

export async function countInField(db: Queryable, caseId: string, fieldName: string): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM documents WHERE case_id = $1::bigint AND field_name = $2',
    [caseId, fieldName],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The file with these bytes its uploader already kept on this question of the record, if any: an upload sent
 * again is answered with it rather than stored twice. A null `fieldName` looks among the officer's files
 * waiting for the record's decision (no question, not yet sent with a decision: docs/decisions/0090).
 */
export async function findSameUpload(
  db: Queryable,
  doc: { caseId: string; fieldName: string | null; sha256: string; accountId: number },
): Promise<DocumentInfo | null> {
  // Only an officer's file has no question (migration 202), and only it is ever sent with a decision.
  const { rows } = await db.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents d
      WHERE d.case_id = $1::bigint AND d.field_name IS NOT DISTINCT FROM $2::text AND d.decision_id IS NULL
        AND d.sha256 = $3 AND d.uploaded_by = $4::bigint
      ORDER BY d.uploaded_at, d.id LIMIT 1`,
    [doc.caseId, doc.fieldName, doc.sha256, doc.accountId],
  );
  return rows[0] ? toInfo(rows[0]) : null;
}

export async function insertDocument(
  db: Queryable,
  doc: {
    id: string;
    caseId: string;
    /** The question it answers; null for an officer's file kept for a decision (docs/decisions/0090). */
    fieldName: string | null;
    fileName: string;
    mediaType: string;
    content: Uint8Array;
    sha256: string;
    scanStatus: ScanStatus;
    accountId: number;
    now: Date;
  },
): Promise<DocumentInfo> {
  const { rows } = await db.query<DocumentRow>(
    `INSERT INTO documents AS d (id, case_id, field_name, file_name, media_type, size_bytes, sha256, content,
                                 scan_status, uploaded_by, uploaded_at, origin)
     VALUES ($1::uuid, $2::bigint, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     RETURNING ${COLUMNS}`,
    [
      doc.id,
      doc.caseId,
      doc.fieldName,
      doc.fileName,
      doc.mediaType,
      doc.content.length,
      doc.sha256,
      doc.content,
      doc.scanStatus,
      doc.accountId,
      doc.now,
      doc.fieldName === null ? 'officer' : 'applicant',
    ],
  );
  return toInfo(rows[0]!);
}

/**
 * One visible document with its record's id, and its content when asked for: never that of a file
 * found infected (docs/decisions/0067), which its uploader still finds, to remove it, but cannot download.
 */
export async function findDocument(
  db: Queryable,
  id: string,
  viewer: Viewer,
  withContent = false,
): Promise<(DocumentInfo & { caseId: string; content?: Uint8Array }) | null> {
  const { rows } = await db.query<DocumentRow & { content?: Uint8Array }>(
    `SELECT ${COLUMNS}${withContent ? ', d.content' : ''}
       FROM documents d JOIN cases c ON c.id = d.case_id
      WHERE d.id = $1::uuid AND ${VISIBLE}${withContent ? ` AND d.scan_status <> 'infected'` : ''}`,
    [id, viewer.profileId, viewer.accountId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ...toInfo(row),
    caseId: row.case_id,
    ...(withContent ? { content: row.content } : {}),
  };
}

export async function deleteDocument(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM documents WHERE id = $1::uuid', [id]);
}

/** A deleted draft takes its files with it (the record row itself is kept, marked deleted). */
export async function deleteDocumentsOfCase(db: Queryable, caseId: string): Promise<void> {
  await db.query('DELETE FROM documents WHERE case_id = $1::bigint', [caseId]);
}
