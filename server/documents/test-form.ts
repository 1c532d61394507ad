import type { Database } from '../db/database.ts';
import { publishFormVersion } from '../cases/forms.ts';

/**
 * The e-service the document tests use, with a form version of their own published over its current one
 * (over another e-service's, `appCode`, when a test needs that one to ask for files).
 */
export const TEST_APP = 'PD';
export const ATTACHMENT_FIELD = 'supportingDocuments';
export const SMALL_LIMIT_FIELD = 'receipt';
export const TEST_DATA = { remarks: 'Documents follow.' };

export async function useAttachmentForm(db: Database, appCode = TEST_APP): Promise<void> {
  await publishFormVersion(db, appCode, {
    schemaVersion: 2,
    pages: [
      {
        id: 'documents',
        heading: 'Supporting documents',
        sections: [
          {
            heading: 'Documents',
            fields: [
              { name: 'remarks', label: 'Remarks', type: 'textarea', maxLength: 500 },
              {
                name: ATTACHMENT_FIELD,
                label: 'Supporting documents',
                type: 'attachment',
                maxSizeBytes: 10 * 1024 * 1024,
                maxFiles: 5,
                types: ['application/pdf', 'image/jpeg', 'image/png'],
              },
              {
                name: SMALL_LIMIT_FIELD,
                label: 'Receipt',
                type: 'attachment',
                maxSizeBytes: 2048,
                maxFiles: 1,
                types: ['application/pdf'],
              },
            ],
          },
        ],
      },
    ],
  });
}
