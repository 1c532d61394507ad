import type { Queryable } from '../db/database.ts';
import type { Address, MasterPtibEntry, UserIdentity } from '#contract/schemas/index.ts';
import type { Principal } from './principal.ts';
import { PROFILE_UPDATE_DUE, applyDueProfileUpdates } from '../cases/profile-update.ts';
import { singaporeToday } from '../cases/records.ts';

interface ProfileRow {
  id: string;
  ptib_name: string;
  id_num: string;
  mobile_num: string | null;
  image_url: string | null;
  header: string | null;
  is_blocked: boolean;
  proxy_ind: boolean;
  correspondence_address: Partial<Address> | null;
  dashboard_message: string | null;
}

const yn = (value: boolean) => (value ? 'Y' : 'N');

function toAddress(value: Partial<Address> | null): Address {
  const a = value ?? {};
  return {
    blockHouseNo: a.blockHouseNo ?? '',
    streetName: a.streetName ?? '',
    floorUnit: a.floorUnit ?? '',
    buildingName: a.buildingName ?? '',
    postalCode: a.postalCode ?? '',
    country: a.country ?? '',
  };
}

const PROFILE_COLUMNS = `id, ptib_name, id_num, mobile_num, image_url, header, is_blocked, proxy_ind,
  correspondence_address, dashboard_message`;

/** A profile row, or null. */
async function profile(db: Queryable, id: string): Promise<ProfileRow | null> {
  const { rows } = await db.query<ProfileRow>(`SELECT ${PROFILE_COLUMNS} FROM ptib_profiles WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * A profile row as of `now`, or null: an approved update whose effective date has come is made first. Asked
 * in the same statement, so the profile call costs no more while none is due.
 */
async function profileAsOf(db: Queryable, id: string, now: Date): Promise<ProfileRow | null> {
  const { rows } = await db.query<ProfileRow & { update_due: boolean }>(
    `SELECT ${PROFILE_COLUMNS}, ${PROFILE_UPDATE_DUE('id', '$2')} AS update_due FROM ptib_profiles WHERE id = $1`,
    [id, singaporeToday(now)],
  );
  if (!rows[0]?.update_due) return rows[0] ?? null;
  await applyDueProfileUpdates(db, id, now);
  return profile(db, id);
}

/**
 * The identity of the acting profile (its name, numbers, address, message), with the roles of the real
 * account. proxyInd is the signed-in user's own: a master acting for someone stays a master, so the app
 * keeps offering the way back.
 */
export async function identityOf(
  db: Queryable,
  p: Principal,
  now: Date,
): Promise<{ blocked: boolean; identity: UserIdentity } | null> {
  const acting = await profileAsOf(db, p.actingProfileId, now);
  const own = p.actingProfileId === p.ownProfileId ? acting : await profile(db, p.ownProfileId);
  if (!acting || !own) return null;
  return {
    // A master whose own profile is blocked is blocked whomever the session acts for.
    blocked: acting.is_blocked || own.is_blocked,
    identity: {
      roles: [...p.authorities],
      authorizations: [...p.authorizations],
      header: acting.header ?? '',
      imageUrl: acting.image_url,
      isPTIBBlocked: yn(acting.is_blocked),
      proxyInd: yn(own.proxy_ind),
      PTIBName: acting.ptib_name,
      idNum: acting.id_num,
      mobileNum: acting.mobile_num ?? '',
      correspondenceAddressDetails: toAddress(acting.correspondence_address),
      dashboardMessage: acting.dashboard_message,
      ptibProfileID: acting.id,
      ownPtibProfileID: own.id,
      loginName: p.loginName,
    },
  };
}

/** Whether the profile is a master (proxy_ind), and whether it is blocked (then it acts for no one). */
export async function isMaster(
  db: Queryable,
  profileId: string,
): Promise<{ master: boolean; blocked: boolean; name: string } | null> {
  const row = await profile(db, profileId);
  return row ? { master: row.proxy_ind, blocked: row.is_blocked, name: row.ptib_name } : null;
}

/**
 * The profiles a master may act for, by name. Those it may not act for are listed too, flagged masterBlock,
 * so the selector shows them unavailable rather than dropping them unexplained: a blocked grant, and a
 * profile that is itself blocked (docs/decisions/0083).
 */
export async function masterList(
  db: Queryable,
  masterProfileId: string,
  masterName: string,
): Promise<MasterPtibEntry[]> {
  const { rows } = await db.query<ProfileRow & { master_block: boolean }>(
    `SELECT p.id, p.ptib_name, p.id_num, p.mobile_num, p.image_url, p.header, p.is_blocked, p.proxy_ind,
            p.correspondence_address, p.dashboard_message, g.master_block
       FROM proxy_grants g JOIN ptib_profiles p ON p.id = g.proxy_profile_id
      WHERE g.master_profile_id = $1
      ORDER BY p.ptib_name, p.id`,
    [masterProfileId],
  );
  return rows.map((r) => ({
    ptibProfileID: r.id,
    ptibNme: r.ptib_name,
    proxyUserName: masterName,
    proxyInd: yn(r.proxy_ind),
    masterBlock: yn(r.master_block || r.is_blocked),
    correspondenceAddressDetails: toAddress(r.correspondence_address),
  }));
}

/** The grant of a master over a profile, with whether that profile is blocked, or null when there is none. */
export async function proxyGrant(
  db: Queryable,
  masterProfileId: string,
  proxyProfileId: string,
): Promise<{ masterBlock: boolean; profileBlocked: boolean } | null> {
  const { rows } = await db.query<{ master_block: boolean; is_blocked: boolean }>(
    `SELECT g.master_block, p.is_blocked FROM proxy_grants g JOIN ptib_profiles p ON p.id = g.proxy_profile_id
      WHERE g.master_profile_id = $1 AND g.proxy_profile_id = $2`,
    [masterProfileId, proxyProfileId],
  );
  return rows[0] ? { masterBlock: rows[0].master_block, profileBlocked: rows[0].is_blocked } : null;
}
