import { randomInt, randomUUID, type KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHORITY_PTIB, RESPONSE_CODE, minutesUntil, ok } from '#contract/index.ts';
import {
  DEFAULT_PREFERENCES,
  EMAIL_CODE,
  INBOX_PAGE_SIZE,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PATHS,
  isObligatory,
  type NotificationKind,
} from '#contract/notifications.ts';
import {
  confirmEmailSchema,
  envelopeSchema,
  inboxIdParamsSchema,
  inboxQuerySchema,
  inboxSchema,
  preferencesSchema,
  readAllResultSchema,
  readAllSchema,
  savePreferencesSchema,
  startEmailSchema,
  unreadByProfileSchema,
  unreadSchema,
  type Preferences,
} from '#contract/schemas/index.ts';
import { z } from 'zod';
import { audit, byPrincipal } from '../auth/audit.ts';
import { GRANT_IN_FORCE } from '../auth/sessions.ts';
import type { Principal } from '../auth/principal.ts';
import { countSend, uncountSends } from '../security/send-counts.ts';
import { loadServerSecret, hmac, sameString } from '../security/server-secret.ts';
import { ApiError, badRequest } from '../plugins/errors.ts';
import { channelsFor, notify } from '../notifications/notify.ts';
import { EmailDeliveryError, maskEmail } from '../notifications/email.ts';
import { PORTAL_NAME, messageRoute } from '../notifications/templates.ts';

/**
 * The acting profile's inbox, its choices of channel, and its email address (confirmed by a code sent to
 * it before any notification uses it: docs/decisions/0042).
 */
/**
 * The inbox rows a session reads, with the profile as $1 and its account as $2: the profile's messages, less
 * the sign-in notices of its other accounts (165_inbox_account_notices).
 */
const OWN_NOTICES = '(account_id IS NULL OR account_id = $2)';

/** Thrown inside the counting transaction so that a refused start counts nothing. */
class SendLimit extends Error {
  readonly reopensAt: Date;
  constructor(reopensAt: Date) {
    super('email code send limit');
    this.reopensAt = reopensAt;
  }
}

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // PTIB calls, guarded as the others are: an officer's token is refused with PTACC-951 (docs/decisions/0039),
  // a blocked profile with 4100. SEMS01 is not needed: every PTIB profile has its messages.
  const preValidation = [app.requireAuthority(AUTHORITY_PTIB)];
  let codeKey: Promise<KeyObject> | null = null;
  const codeHash = async (profileId: string, email: string, code: string) =>
    hmac(await (codeKey ??= loadServerSecret(app.db, 'email-code-hmac')), `${profileId}:${email}:${code}`);
  /**
   * A message a call names to read from or up to: one of the session's inbox rows, else a 404, as a message of
   * another profile or account is no message of this inbox.
   */
  const ownMessage = async (principal: Principal, id: string) => {
    const { rowCount } = await app.db.query(
      `SELECT 1 FROM inbox_messages WHERE id = $3::bigint AND profile_id = $1 AND ${OWN_NOTICES}`,
      [principal.actingProfileId, principal.accountId, id],
    );
    if (rowCount === 0) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, NOTIFICATION_MESSAGES.messageNotFound);
  };

  r.get(
    NOTIFICATION_PATHS.unread,
    { preValidation, schema: { response: { 200: envelopeSchema(unreadSchema) } } },
    async (request, reply) => {
      const { rows } = await app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM inbox_messages WHERE profile_id = $1 AND ${OWN_NOTICES} AND read_at IS NULL`,
        [request.principal!.actingProfileId, request.principal!.accountId],
      );
      reply.header('Cache-Control', 'private, no-store');
      return ok({ unread: rows[0]!.n });
    },
  );

  // A master user's profiles have no holder of their own, so their messages would wait unseen until the master
  // happened to act for them: the counts of all show where the profile is chosen (docs/decisions/0101). One
  // statement, whatever the number of profiles; a profile the session check would refuse (a blocked or
  // withdrawn grant, a blocked profile, a master no more) is not named. Each count as its inbox reads it.
  r.get(
    NOTIFICATION_PATHS.unreadByProfile,
    { preValidation, schema: { response: { 200: envelopeSchema(unreadByProfileSchema) } } },
    async (request) => {
      const { rows } = await app.db.query<{ profile_id: string; unread: number }>(
        `SELECT v.profile_id, count(i.id)::int AS unread
           FROM (SELECT $1::text AS profile_id
                 UNION
                 SELECT g.proxy_profile_id FROM proxy_grants g
                   JOIN ptib_profiles m ON m.id = g.master_profile_id
                   JOIN ptib_profiles p ON p.id = g.proxy_profile_id
                  WHERE g.master_profile_id = $1 AND ${GRANT_IN_FORCE} AND NOT p.is_blocked) v
           LEFT JOIN inbox_messages i ON i.profile_id = v.profile_id AND i.read_at IS NULL
                AND (i.account_id IS NULL OR i.account_id = $2)
          GROUP BY v.profile_id ORDER BY v.profile_id`,
        [request.principal!.ownProfileId, request.principal!.accountId],
      );
      return ok({ profiles: rows.map((row) => ({ ptibProfileID: row.profile_id, unread: row.unread })) });
    },
  );

  r.get(
    NOTIFICATION_PATHS.inbox,
    { preValidation, schema: { querystring: inboxQuerySchema, response: { 200: envelopeSchema(inboxSchema) } } },
    async (request, reply) => {
      const profileId = request.principal!.actingProfileId;
      const accountId = request.principal!.accountId;
      const { page, after = null } = request.query;
      if (after !== null) await ownMessage(request.principal!, after);
      const unreadOnly = request.query.unread === '1';
      const listed = unreadOnly ? `${OWN_NOTICES} AND read_at IS NULL` : OWN_NOTICES;
      /** The place in the inbox's order (newest first by time, then id) of message $3. */
      const placeOf3 = '(SELECT created_at, id FROM inbox_messages WHERE id = $3::bigint)';
      // The unread list goes on after a message, never by an offset: a message read on the page before leaves
      // the list, and an offset would pass over as many of the later ones (docs/decisions/0093). It reads one
      // more than a page to know whether a page follows.
      const { rows } = await app.db.query<{
        id: string;
        /** A later release's kind too (docs/decisions/0042). */
        kind: string;
        subject: string;
        body: string;
        case_id: string | null;
        app_code: string | null;
        case_number: string | null;
        created_at: Date;
        read_at: Date | null;
      }>(
        `SELECT id::text AS id, kind, subject, body, case_id::text AS case_id, app_code, case_number, created_at, read_at
           FROM inbox_messages WHERE profile_id = $1 AND ${listed}
            AND ($3::bigint IS NULL OR (created_at, id) < ${placeOf3})
          -- The table's id: \`id\` alone is the text above, by which 100 comes before 99.
          ORDER BY created_at DESC, inbox_messages.id DESC LIMIT $4 OFFSET $5`,
        [profileId, accountId, after, INBOX_PAGE_SIZE + (unreadOnly ? 1 : 0), (page - 1) * INBOX_PAGE_SIZE],
      );
      const listedHere = rows.slice(0, INBOX_PAGE_SIZE);
      const next = unreadOnly && rows.length > INBOX_PAGE_SIZE ? { after: listedHere.at(-1)!.id } : null;
      // The page before: a page of the unread messages just before this page's first (on a page whose messages
      // were all read since, from its address's message on, that one included). It goes on after the message
      // before those, or is the list's start when no more are left.
      let previous: { after: string | null } | null = null;
      if (after !== null) {
        const { rows: before } = await app.db.query<{ id: string }>(
          `SELECT id::text AS id FROM inbox_messages WHERE profile_id = $1 AND ${listed}
              AND (created_at, id) ${listedHere.length > 0 ? '>' : '>='} ${placeOf3}
            ORDER BY created_at, inbox_messages.id LIMIT $4`,
          [profileId, accountId, listedHere[0]?.id ?? after, INBOX_PAGE_SIZE + 1],
        );
        if (before.length > 0) previous = { after: before[INBOX_PAGE_SIZE]?.id ?? null };
      }
      const counts = await app.db.query<{ total: number; unread: number; newest_id: string | null }>(
        `SELECT (count(*) FILTER (WHERE ${listed}))::int AS total,
                (count(*) FILTER (WHERE read_at IS NULL))::int AS unread,
                (SELECT id::text FROM inbox_messages WHERE profile_id = $1 AND ${OWN_NOTICES}
                  ORDER BY created_at DESC, id DESC LIMIT 1) AS newest_id
           FROM inbox_messages WHERE profile_id = $1 AND ${OWN_NOTICES}`,
        [profileId, accountId],
      );
      reply.header('Cache-Control', 'private, no-store');
      return ok({
        messages: listedHere.map((row) => ({
          id: row.id,
          kind: row.kind,
          subject: row.subject,
          body: row.body,
          caseNumber: row.case_number,
          route: messageRoute(row.kind, row.app_code, row.case_id),
          createdAt: new Date(row.created_at).toISOString(),
          read: row.read_at !== null,
        })),
        total: counts.rows[0]!.total,
        unread: counts.rows[0]!.unread,
        newestId: counts.rows[0]!.newest_id,
        previous,
        next,
      });
    },
  );

  r.post(
    NOTIFICATION_PATHS.read,
    { preValidation, schema: { params: inboxIdParamsSchema, response: { 200: envelopeSchema(unreadSchema) } } },
    async (request) => {
      const profileId = request.principal!.actingProfileId;
      const accountId = request.principal!.accountId;
      const { rowCount } = await app.db.query(
        `UPDATE inbox_messages SET read_at = coalesce(read_at, $3)
          WHERE id = $1::bigint AND profile_id = $2 AND (account_id IS NULL OR account_id = $4)`,
        [request.params.id, profileId, app.now(), accountId],
      );
      if (rowCount === 0) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, NOTIFICATION_MESSAGES.messageNotFound);
      const { rows } = await app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM inbox_messages WHERE profile_id = $1 AND ${OWN_NOTICES} AND read_at IS NULL`,
        [profileId, accountId],
      );
      return ok({ unread: rows[0]!.n });
    },
  );

  r.post(
    NOTIFICATION_PATHS.readAll,
    { preValidation, schema: { body: readAllSchema, response: { 200: envelopeSchema(readAllResultSchema) } } },
    async (request) => {
      const profileId = request.principal!.actingProfileId;
      const accountId = request.principal!.accountId;
      const upTo = request.body.upTo;
      await ownMessage(request.principal!, upTo);
      // Up to the given message in the inbox's own order (newest first by time, then id), not every unread
      // one: a message that arrived after the person's page was read has not been seen, and stays unread.
      const { rowCount: marked } = await app.db.query(
        `UPDATE inbox_messages SET read_at = $4
          WHERE profile_id = $1 AND ${OWN_NOTICES} AND read_at IS NULL
            AND (created_at, id) <= (SELECT created_at, id FROM inbox_messages WHERE id = $3::bigint)`,
        [profileId, accountId, upTo, app.now()],
      );
      const { rows } = await app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM inbox_messages WHERE profile_id = $1 AND ${OWN_NOTICES} AND read_at IS NULL`,
        [profileId, accountId],
      );
      return ok({ marked, unread: rows[0]!.n });
    },
  );

  async function preferencesOf(profileId: string): Promise<Preferences> {
    const { rows } = await app.db.query<{
      email: string | null;
      confirmed: boolean;
      pending: string | null;
      failed_at: Date | null;
    }>(
      // A refusal is of the address confirmed when it came (docs/decisions/0100): an address confirmed since is not
      // the one refused, though the mark is still there when a process of the release before confirmed it.
      `SELECT p.email, p.email_confirmed_at IS NOT NULL AS confirmed, c.email AS pending,
              CASE WHEN p.email_failed_at >= p.email_confirmed_at THEN p.email_failed_at END AS failed_at
         FROM ptib_profiles p LEFT JOIN email_confirmations c ON c.profile_id = p.id WHERE p.id = $1`,
      [profileId],
    );
    const row = rows[0];
    const kinds = [];
    for (const kind of NOTIFICATION_KINDS) {
      kinds.push({ kind, obligatory: isObligatory(kind), ...(await channelsFor(app.db, profileId, kind)) });
    }
    return {
      email: row?.confirmed ? row.email : null,
      emailConfirmed: Boolean(row?.confirmed),
      pendingEmail: row?.pending ?? null,
      // Masked as the refusal was kept (docs/decisions/0100): the screen says which address, not the server's reply.
      emailFailed:
        row?.confirmed && row.email && row.failed_at
          ? { at: new Date(row.failed_at).toISOString(), to: maskEmail(row.email) }
          : null,
      kinds,
    };
  }

  r.get(
    NOTIFICATION_PATHS.preferences,
    { preValidation, schema: { response: { 200: envelopeSchema(preferencesSchema) } } },
    async (request) => ok(await preferencesOf(request.principal!.ownProfileId)),
  );

  r.post(
    NOTIFICATION_PATHS.preferences,
    { preValidation, schema: { body: savePreferencesSchema, response: { 200: envelopeSchema(preferencesSchema) } } },
    async (request) => {
      const p = request.principal!;
      // Every choice is checked before any is written: a request refused for one saves none of the others.
      for (const choice of request.body.kinds) {
        if (isObligatory(choice.kind) && (!choice.email || !choice.sms))
          throw badRequest(NOTIFICATION_MESSAGES.obligatory(NOTIFICATION_KIND_LABELS[choice.kind]));
      }
      await app.db.transaction(async (tx) => {
        for (const choice of request.body.kinds) {
          if (isObligatory(choice.kind)) continue;
          const defaults = DEFAULT_PREFERENCES[choice.kind];
          for (const channel of ['email', 'sms'] as const) {
            await tx.query(
              choice[channel] === defaults[channel]
                ? 'DELETE FROM notification_preferences WHERE profile_id = $1 AND kind = $2 AND channel = $3'
                : `INSERT INTO notification_preferences (profile_id, kind, channel, enabled) VALUES ($1, $2, $3, $4)
                   ON CONFLICT (profile_id, kind, channel) DO UPDATE SET enabled = excluded.enabled`,
              choice[channel] === defaults[channel]
                ? [p.ownProfileId, choice.kind, channel]
                : [p.ownProfileId, choice.kind, channel, choice[channel]],
            );
          }
        }
        await audit(tx, {
          event: 'notification_preferences',
          at: app.now(),
          ...byPrincipal(p, request.ip),
          actingProfileId: p.ownProfileId,
        });
      });
      return ok(await preferencesOf(p.ownProfileId), NOTIFICATION_MESSAGES.preferencesSaved);
    },
  );

  /**
   * Counts one code on each key (the profile, the address) in its hourly window (docs/decisions/0028);
   * answers when the fullest window reopens once any is past EMAIL_CODE.SENDS_PER_HOUR (nothing counted
   * then), else null.
   */
  async function countSends(keys: string[], now: Date): Promise<Date | null> {
    return app.db
      .transaction(async (tx) => {
        let reopensAt: Date | null = null;
        for (const key of keys) {
          const counted = await countSend(tx, key, EMAIL_CODE.SEND_WINDOW_MS, now);
          if (counted.sends > EMAIL_CODE.SENDS_PER_HOUR && (!reopensAt || counted.reopensAt > reopensAt))
            reopensAt = counted.reopensAt;
        }
        if (reopensAt) throw new SendLimit(reopensAt);
        return null;
      })
      .catch((error: unknown) => {
        if (error instanceof SendLimit) return error.reopensAt;
        throw error;
      });
  }

  r.post(
    NOTIFICATION_PATHS.emailStart,
    { preValidation, schema: { body: startEmailSchema, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      const p = request.principal!;
      const email = request.body.email;
      const code = String(randomInt(0, 10 ** EMAIL_CODE.LENGTH)).padStart(EMAIL_CODE.LENGTH, '0');
      const now = app.now();
      const sendKeys = [`email-profile:${p.ownProfileId}`, `email-address:${email.toLowerCase()}`];
      const reopensAt = await countSends(sendKeys, now);
      if (reopensAt) {
        await audit(app.db, {
          event: 'email_code_send',
          outcome: 'failure',
          at: now,
          ...byPrincipal(p, request.ip),
          actingProfileId: p.ownProfileId,
          detail: { reason: 'hourly limit' },
        });
        const minutes = minutesUntil(reopensAt.getTime(), now.getTime());
        throw new ApiError(429, RESPONSE_CODE.TOO_MANY_REQUESTS, NOTIFICATION_MESSAGES.emailHourlyLimit(minutes));
      }
      const hash = await codeHash(p.ownProfileId, email, code);
      // Sent at once rather than through the outbox: the code must not wait in a table, and the person is
      // waiting for it now (docs/decisions/0042). Sent before it is stored: a code that never went out must not
      // take the place of one sent before, whose address would then wait for a code nobody has.
      try {
        await app.emailSender.send({
          to: email,
          subject: `${PORTAL_NAME}: confirm your email address`,
          text: `Your code to confirm this email address for ${PORTAL_NAME} is ${code}. It expires in ${EMAIL_CODE.TTL_MS / 60_000} minutes.\nIf you did not ask for it, ignore this email.\n\n${PORTAL_NAME}`,
          html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Confirm your email address</title></head><body><h1>Confirm your email address</h1><p>Your code to confirm this email address for ${PORTAL_NAME} is <strong>${code}</strong>. It expires in ${EMAIL_CODE.TTL_MS / 60_000} minutes.</p><p>If you did not ask for it, ignore this email.</p><p>${PORTAL_NAME}</p></body></html>`,
          idempotencyKey: `${randomUUID()}.confirm`,
        });
      } catch (error) {
        // The SMTP sender's error holds only a safe summary (code, reply code, command, masked address).
        request.log.warn({ err: error }, 'the email confirmation code could not be sent');
        // A code that never went out does not count against the hour.
        await uncountSends(app.db, sendKeys);
        if (error instanceof EmailDeliveryError && error.recipientRefused) {
          // The address's own server refuses it for good: a mistyped address, which trying later cannot
          // mend. No code is waiting to be entered for it (one sent to it before included); one sent to another
          // address still is.
          await app.db.query('DELETE FROM email_confirmations WHERE profile_id = $1 AND email = $2', [
            p.ownProfileId,
            email,
          ]);
          const message = NOTIFICATION_MESSAGES.emailRefused;
          throw new ApiError(400, RESPONSE_CODE.BAD_REQUEST, message, {
            fieldErrors: { email: message },
            errors: [{ path: 'email', message }],
          });
        }
        throw new ApiError(503, RESPONSE_CODE.UNAVAILABLE, NOTIFICATION_MESSAGES.emailNotSent);
      }
      await app.db.query(
        `INSERT INTO email_confirmations (profile_id, email, code_hash, attempts, created_at, expires_at)
         VALUES ($1, $2, $3, 0, $4, $5)
         ON CONFLICT (profile_id) DO UPDATE SET email = excluded.email, code_hash = excluded.code_hash,
           attempts = 0, created_at = excluded.created_at, expires_at = excluded.expires_at`,
        [p.ownProfileId, email, hash, now, new Date(now.getTime() + EMAIL_CODE.TTL_MS)],
      );
      return ok(null, NOTIFICATION_MESSAGES.emailCodeSent);
    },
  );

  r.post(
    NOTIFICATION_PATHS.emailConfirm,
    { preValidation, schema: { body: confirmEmailSchema, response: { 200: envelopeSchema(preferencesSchema) } } },
    async (request) => {
      const p = request.principal!;
      const now = app.now();
      const confirmed = await app.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ email: string; code_hash: string; attempts: number; expires_at: Date }>(
          'SELECT email, code_hash, attempts, expires_at FROM email_confirmations WHERE profile_id = $1 FOR UPDATE',
          [p.ownProfileId],
        );
        const pending = rows[0];
        if (!pending) throw badRequest(NOTIFICATION_MESSAGES.noPendingEmail);
        const live = pending.attempts < EMAIL_CODE.MAX_ATTEMPTS && new Date(pending.expires_at) > now;
        const matches = sameString(pending.code_hash, await codeHash(p.ownProfileId, pending.email, request.body.code));
        if (!live || !matches) {
          await tx.query('UPDATE email_confirmations SET attempts = attempts + 1 WHERE profile_id = $1', [
            p.ownProfileId,
          ]);
          return null;
        }
        const { rows: profiles } = await tx.query<{ email: string | null }>(
          `SELECT CASE WHEN email_confirmed_at IS NOT NULL THEN email END AS email FROM ptib_profiles
            WHERE id = $1 FOR UPDATE`,
          [p.ownProfileId],
        );
        const replaced = profiles[0]?.email ?? null;
        // An address confirmed again takes a refusal's mark off (docs/decisions/0100): it has just received a code.
        await tx.query(
          `UPDATE ptib_profiles SET email = $2, email_confirmed_at = $3, email_failed_at = NULL, email_failure = NULL
            WHERE id = $1`,
          [p.ownProfileId, pending.email, now],
        );
        await tx.query('DELETE FROM email_confirmations WHERE profile_id = $1', [p.ownProfileId]);
        // The emails still waiting (a retry, one not yet sent) go where the person now reads them: the address
        // was fixed when each was written, and the one replaced may be closed or no longer theirs. Those sent
        // keep the address they went to; so do dead ones, whose history is of the address that refused them. A
        // notice of an earlier change, not yet delivered, stays with the address it warns: else a session
        // someone else holds could confirm twice and take the owner's warning too (docs/decisions/0042).
        await tx.query(
          `UPDATE notification_outbox SET recipient = $2
            WHERE profile_id = $1 AND channel = 'email' AND sent_at IS NULL AND dead_at IS NULL
              AND kind <> $3 AND recipient <> $2`,
          [p.ownProfileId, pending.email, 'emailChanged' satisfies NotificationKind],
        );
        // The address replaced is told, after the update above so that its notice stays its own: a session
        // someone else holds could otherwise move every message away unheard (docs/decisions/0042).
        if (replaced && replaced.toLowerCase() !== pending.email.toLowerCase())
          await notify(tx, {
            kind: 'emailChanged',
            profileId: p.ownProfileId,
            accountId: p.accountId,
            emailTo: replaced,
            at: now,
            facts: { changedAt: now.toISOString(), phone: app.config.CONTACT_PHONE },
          });
        return pending.email;
      });
      await audit(app.db, {
        event: 'email_confirm',
        outcome: confirmed ? 'success' : 'failure',
        at: now,
        ...byPrincipal(p, request.ip),
        actingProfileId: p.ownProfileId,
      });
      if (!confirmed) throw badRequest(NOTIFICATION_MESSAGES.badEmailCode);
      app.outbox.nudge();
      return ok(await preferencesOf(p.ownProfileId), NOTIFICATION_MESSAGES.emailConfirmed);
    },
  );
}
