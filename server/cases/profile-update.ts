import { isRecord, sgMobileDigits } from '#contract/forms/index.ts';
import type { Queryable } from '../db/database.ts';
import { singaporeToday } from './records.ts';

/** The e-service whose approval changes the profile it was filed for (docs/decisions/0076). */
export const PROFILE_UPDATE_APP = 'PTIB';

/**
 * Keeps an approved PTIB Profile Update's new mobile number and address for its effective date, and makes
 * the change at once when that date has come. Other e-services change nothing here. The number becomes where
 * SMS messages and sign-in codes go: one that is not a Singapore mobile (a landline or an overseas number, which
 * version 4 and earlier accepted) leaves the profile's own, or every message would go where none arrives.
 */
export async function recordProfileUpdate(
  tx: Queryable,
  record: { id: string; app_code: string; profile_id: string; data: Record<string, unknown> },
  now: Date,
): Promise<void> {
  if (record.app_code !== PROFILE_UPDATE_APP) return;
  const { contactNumber, correspondenceAddress, effectiveDate } = record.data;
  // Required by the form, so always there on a submitted record; checked all the same, as a record that
  // lacked one would otherwise fail its approval with the database's refusal.
  if (typeof contactNumber !== 'string' || typeof effectiveDate !== 'string' || !isRecord(correspondenceAddress))
    return;
  await tx.query(
    `INSERT INTO profile_updates (case_id, profile_id, mobile_num, correspondence_address, effective_on, approved_at)
     VALUES ($1::bigint, $2, $3, $4::jsonb, $5::date, $6) ON CONFLICT (case_id) DO NOTHING`,
    [
      record.id,
      record.profile_id,
      sgMobileDigits(contactNumber),
      JSON.stringify(correspondenceAddress),
      effectiveDate,
      now,
    ],
  );
  await applyDueProfileUpdates(tx, record.profile_id, now);
}

/**
 * Makes the profile's approved updates whose effective date has come; when several are due at once, the
 * one of the latest date (then the latest approved) is what the profile says.
 */
export async function applyDueProfileUpdates(db: Queryable, profileId: string, now: Date): Promise<void> {
  await db.query(
    `WITH due AS (
       UPDATE profile_updates SET applied_at = $3
        WHERE profile_id = $1 AND applied_at IS NULL AND effective_on <= $2::date
        RETURNING profile_id, mobile_num, correspondence_address, effective_on, approved_at, case_id
     ), latest AS (
       SELECT * FROM due ORDER BY effective_on DESC, approved_at DESC, case_id DESC LIMIT 1
     )
     UPDATE ptib_profiles p
        SET mobile_num = COALESCE(l.mobile_num, p.mobile_num), correspondence_address = l.correspondence_address,
            updated_at = $3
       FROM latest l WHERE p.id = l.profile_id`,
    [profileId, singaporeToday(now), now],
  );
}

/** SQL of whether a profile (its id as `column`) has an approved update due by `todayParam`. */
export const PROFILE_UPDATE_DUE = (column: string, todayParam: string) =>
  `EXISTS (SELECT 1 FROM profile_updates u
            WHERE u.profile_id = ${column} AND u.applied_at IS NULL AND u.effective_on <= ${todayParam}::date)`;
