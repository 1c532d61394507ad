import { NOTIFICATION_PATHS } from '#contract/notifications.ts';
import { CallFailed } from '../../lib/catalogue.ts';
import { api } from '../../lib/http/index.ts';

/** Unread messages by profile id: the account's own profile and each one it may act for now. */
export type UnreadByProfile = ReadonlyMap<string, number>;

/**
 * GET the unread counts of every profile the account may act for, in one call (docs/decisions/0101); rejects
 * when they could not be read. Only a master user's screens ask: anyone else has their own profile's alone,
 * which the header's count says already.
 */
export async function fetchUnreadByProfile(signal?: AbortSignal): Promise<UnreadByProfile> {
  const result = await api.get<{ profiles: { ptibProfileID: string; unread: number }[] }>(
    NOTIFICATION_PATHS.unreadByProfile,
    { signal },
  );
  if (!result.ok) throw new CallFailed(result);
  return new Map(result.responseJSON.profiles.map((p) => [p.ptibProfileID, p.unread]));
}

/** How many messages are unread in the profiles other than the one acted for. */
export function unreadElsewhere(counts: UnreadByProfile, actingProfileId: string): number {
  let unread = 0;
  for (const [profileId, n] of counts) if (profileId !== actingProfileId) unread += n;
  return unread;
}
