import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHORITY_PTIB, AUTHORIZATION_SEMS01, RESPONSE_CODE, ok } from '#contract/index.ts';
import {
  REGISTER_CASE_NUMBER,
  REGISTER_LIMITS,
  REGISTER_MESSAGES,
  REGISTER_PATHS,
  SEARCH_PURPOSES,
  WATCHLIST_SERVICE,
  caseNumberBodySchema,
  followSchema,
  nameQueryProblem,
  isSearchableId,
  normalizeIdNumber,
  normalizeRegisterCaseNumber,
  searchRequestSchema,
  withoutHonorifics,
  type RegisterService,
  type SearchAnswer,
  type SearchPurpose,
} from '#contract/register.ts';
import { queryWholeNumber } from '#contract/schemas/query.ts';
import type { Principal } from '../auth/principal.ts';
import { audit, byPrincipal } from '../auth/audit.ts';
import { eserviceFor } from '../cases/service.ts';
import type { Queryable } from '../db/database.ts';
import { renderRegisterExtract } from '../pdf/register-extract.ts';
import { ApiError, badRequest } from '../plugins/errors.ts';
import { ENTRY_COLUMNS, findEntry, toResult, type EntryRow } from '../register/entries.ts';
import { countSearch, entriesInOrder, newReference, searchRegisterRanked } from '../register/search.ts';

interface SearchRow {
  reference: string;
  service: RegisterService;
  search_by: 'id' | 'name';
  query: string;
  purpose: string;
  searched_at: Date | string;
  case_numbers: string[];
  closest_only: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');

/** The purpose as the audit trail and the extract record it. */
function purposeText(purpose: SearchPurpose, other: string | undefined): string {
  return purpose === 'other' ? `${SEARCH_PURPOSES.other}: ${other!.trim()}` : SEARCH_PURPOSES[purpose];
}

const isPurpose = (value: string): value is SearchPurpose => Object.hasOwn(SEARCH_PURPOSES, value);

/**
 * The insolvency register (docs/decisions/0043) and the watchlist (docs/decisions/0044). Searching people is
 * sensitive: a purpose is required, every search is written to the audit trail and counted against the
 * account's limit, and an entry is only ever shown through a recorded search of the same account that found it.
 */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = [app.requireAuthority(AUTHORITY_PTIB), app.requireAuthorization(AUTHORIZATION_SEMS01)];

  async function page(search: SearchRow, pageNumber: number): Promise<SearchAnswer> {
    const last = Math.max(1, Math.ceil(search.case_numbers.length / REGISTER_LIMITS.PAGE_SIZE));
    const current = Math.min(Math.max(1, pageNumber), last);
    const slice = search.case_numbers.slice(
      (current - 1) * REGISTER_LIMITS.PAGE_SIZE,
      current * REGISTER_LIMITS.PAGE_SIZE,
    );
    return {
      reference: search.reference,
      searchedAt: iso(search.searched_at),
      service: search.service,
      by: search.search_by,
      query: search.query,
      total: search.case_numbers.length,
      closestOnly: search.closest_only,
      page: current,
      pageSize: REGISTER_LIMITS.PAGE_SIZE,
      results: (await entriesInOrder(app.db, slice)).map(toResult),
    };
  }

  /**
   * Counts a look-up of the register against the account's limit (docs/decisions/0044); past it, the refusal is
   * audited with what was asked, and answered 429 with how many minutes to wait.
   */
  async function countLookUp(request: FastifyRequest, event: string, asked: Record<string, unknown>): Promise<void> {
    const principal = request.principal!;
    const now = app.now();
    const waitMs = await countSearch(app.db, principal.accountId, now);
    if (waitMs <= 0) return;
    await audit(app.db, {
      event,
      outcome: 'failure',
      at: now,
      ...byPrincipal(principal, request.ip),
      detail: { ...asked, refused: 'throttled' },
    });
    throw new ApiError(
      429,
      RESPONSE_CODE.TOO_MANY_REQUESTS,
      REGISTER_MESSAGES.throttled(Math.max(1, Math.ceil(waitMs / 60_000))),
    );
  }

  /**
   * A recorded search of this account and acting profile, made within its lifetime, or 404 saying which it is
   * not (another account's reference reads as unknown). A search older than its lifetime would show an entry's
   * current status and NRIC long after, with no new search counted or audited (docs/decisions/0112).
   */
  async function recordedSearch(reference: string, principal: Principal): Promise<SearchRow> {
    const { rows } = await app.db.query<SearchRow & { acting_profile_id: string }>(
      `SELECT reference, service, search_by, query, purpose, searched_at, case_numbers, closest_only, acting_profile_id
         FROM register_searches WHERE reference = $1 AND account_id = $2`,
      [reference, principal.accountId],
    );
    const row = rows[0];
    const refuse = (message: string) => new ApiError(404, RESPONSE_CODE.NOT_FOUND, message);
    if (!row) throw refuse(REGISTER_MESSAGES.searchNotFound);
    const age = app.now().getTime() - new Date(row.searched_at).getTime();
    if (age > REGISTER_LIMITS.SEARCH_LIFETIME_HOURS * 3_600_000) throw refuse(REGISTER_MESSAGES.searchExpired);
    if (row.acting_profile_id !== principal.actingProfileId) throw refuse(REGISTER_MESSAGES.searchOfAnotherProfile);
    return row;
  }

  /** The entry of a case a recorded search of this account found. */
  async function foundEntry(request: FastifyRequest, reference: string, caseNumber: string) {
    const principal = request.principal!;
    const search = await recordedSearch(reference, principal);
    await eserviceFor(app.db, search.service, principal);
    const number = normalizeRegisterCaseNumber(caseNumber);
    if (!search.case_numbers.includes(number))
      throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, REGISTER_MESSAGES.entryNotFound);
    const entry = await findEntry(app.db, number);
    if (!entry) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, REGISTER_MESSAGES.entryNotFound);
    return { search, entry };
  }

  r.post(REGISTER_PATHS.search, { preValidation, schema: { body: searchRequestSchema } }, async (request, reply) => {
    noStore(reply);
    const principal = request.principal!;
    const body = request.body;
    await eserviceFor(app.db, body.service, principal);
    if (!isPurpose(body.purpose)) throw badRequest(REGISTER_MESSAGES.purposeRequired);
    if (body.purpose === 'other' && !body.otherPurpose?.trim())
      throw badRequest(REGISTER_MESSAGES.otherPurposeRequired);
    let query: string;
    if (body.by === 'id') {
      query = normalizeIdNumber(body.query);
      if (!query) throw badRequest(REGISTER_MESSAGES.queryRequired);
      if (!isSearchableId(body.service, query))
        throw badRequest(body.service === 'PIS' ? REGISTER_MESSAGES.badIdPis : REGISTER_MESSAGES.badIdBis);
    } else {
      query = withoutHonorifics(body.query);
      if (!query) throw badRequest(REGISTER_MESSAGES.queryRequired);
      const problem = nameQueryProblem(query);
      if (problem) throw badRequest(problem);
    }
    const purpose = purposeText(body.purpose, body.otherPurpose);
    /**
     * The search recorded under this attempt's key, if it was sent before (its answer lost on the way). The
     * key of another search, or of one made acting for another profile, is refused: it answers its own only.
     */
    const recordedAttempt = async (): Promise<SearchRow | undefined> => {
      if (!body.attemptKey) return undefined;
      const { rows } = await app.db.query<SearchRow & { acting_profile_id: string }>(
        `SELECT reference, service, search_by, query, purpose, searched_at, case_numbers, closest_only, acting_profile_id
           FROM register_searches WHERE account_id = $1 AND attempt_key = $2::uuid`,
        [principal.accountId, body.attemptKey],
      );
      const row = rows[0];
      const same =
        row?.acting_profile_id === principal.actingProfileId &&
        row.service === body.service &&
        row.search_by === body.by &&
        row.query === query &&
        row.purpose === purpose;
      if (row && !same) throw badRequest(REGISTER_MESSAGES.attemptKeyOfAnother);
      return row;
    };
    const before = await recordedAttempt();
    if (before) return ok(await page(before, 1));
    const now = app.now();
    const who = { at: now, ...byPrincipal(principal, request.ip) };
    await countLookUp(request, 'register_search', { service: body.service, by: body.by, query, purpose });
    const { caseNumbers, closestOnly } = await searchRegisterRanked(app.db, body.service, body.by, query);
    const reference = newReference(now);
    const search: SearchRow = {
      reference,
      service: body.service,
      search_by: body.by,
      query,
      purpose,
      searched_at: now,
      case_numbers: caseNumbers,
      closest_only: closestOnly,
    };
    const recorded = await app.db.transaction(async (tx) => {
      // Two sends of one attempt at once: the second finds the first's key taken, and records nothing.
      const inserted = await tx.query(
        `INSERT INTO register_searches (reference, account_id, acting_profile_id, service, search_by, query, purpose,
                                        searched_at, case_numbers, closest_only, attempt_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10, $11::uuid)
         ON CONFLICT (account_id, attempt_key) WHERE attempt_key IS NOT NULL DO NOTHING`,
        [
          reference,
          principal.accountId,
          principal.actingProfileId,
          body.service,
          body.by,
          query,
          purpose,
          now,
          caseNumbers,
          closestOnly,
          body.attemptKey ?? null,
        ],
      );
      if (inserted.rowCount === 0) return false;
      await audit(tx, {
        ...who,
        event: 'register_search',
        detail: { service: body.service, by: body.by, query, purpose, results: caseNumbers.length, reference },
      });
      return true;
    });
    return ok(await page(recorded ? search : ((await recordedAttempt()) ?? search), 1));
  });

  r.get(
    REGISTER_PATHS.searchPage,
    {
      preValidation,
      schema: {
        params: z.object({ reference: z.string().max(40) }),
        querystring: z.object({ page: queryWholeNumber('page', 1, 1000).default(1) }),
      },
    },
    async (request, reply) => {
      noStore(reply);
      const search = await recordedSearch(request.params.reference, request.principal!);
      await eserviceFor(app.db, search.service, request.principal!);
      return ok(await page(search, request.query.page));
    },
  );

  const entryQuery = z.object({ ref: z.string().max(40), case: z.string().max(40) });

  r.get(REGISTER_PATHS.entry, { preValidation, schema: { querystring: entryQuery } }, async (request, reply) => {
    noStore(reply);
    const { search, entry } = await foundEntry(request, request.query.ref, request.query.case);
    const following = await app.db.query(
      'SELECT 1 FROM register_watchlist WHERE profile_id = $1 AND case_number = $2',
      [request.principal!.actingProfileId, entry.case_number],
    );
    return ok({
      reference: search.reference,
      searchedAt: iso(search.searched_at),
      service: search.service,
      entry: toResult(entry),
      following: following.rowCount > 0,
    });
  });

  // The extract is drawn on each download, a few at a time per account (docs/decisions/0095).
  r.get(REGISTER_PATHS.extract, { preValidation, schema: { querystring: entryQuery } }, async (request, reply) => {
    const principal = request.principal!;
    return app.pdfDownloads.run(principal.accountId, async () => {
      const { search, entry } = await foundEntry(request, request.query.ref, request.query.case);
      const eservice = await eserviceFor(app.db, search.service, principal);
      const names = await app.db.query<{ own: string; acting: string }>(
        `SELECT o.ptib_name AS own, a.ptib_name AS acting FROM ptib_profiles o, ptib_profiles a
          WHERE o.id = $1 AND a.id = $2`,
        [principal.ownProfileId, principal.actingProfileId],
      );
      const people = names.rows[0];
      const searchedBy = !people
        ? principal.loginName
        : principal.ownProfileId === principal.actingProfileId
          ? people.own
          : `${people.own}, for ${people.acting}`;
      const pdf = await renderRegisterExtract({
        serviceTitle: eservice.title,
        entry: toResult(entry),
        reference: search.reference,
        searchedAt: new Date(search.searched_at),
        entryUpdatedAt: new Date(entry.updated_at),
        searchedBy,
        purpose: search.purpose,
        printedAt: app.now(),
        contactPhone: app.config.CONTACT_PHONE,
      });
      return noStore(reply)
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="register-extract-${entry.case_number.replace(/ /g, '-')}.pdf"`,
        )
        .send(Buffer.from(pdf));
    });
  });

  // ---- The watchlist (ICAWL) -------------------------------------------------------------------------------

  /** A typed case number in its one form, or 400. */
  function caseNumberOf(value: string): string {
    const number = normalizeRegisterCaseNumber(value);
    if (!REGISTER_CASE_NUMBER.test(number)) throw badRequest(REGISTER_MESSAGES.badCaseNumber);
    return number;
  }

  r.get(REGISTER_PATHS.watchlist, { preValidation }, async (request, reply) => {
    noStore(reply);
    const principal = request.principal!;
    await eserviceFor(app.db, WATCHLIST_SERVICE, principal);
    const cases = await app.db.transaction(async (tx) => {
      const { rows } = await tx.query<EntryRow & { followed_at: Date | string; changed: boolean }>(
        `SELECT ${ENTRY_COLUMNS}, w.followed_at, e.version > w.seen_version AS changed
           FROM register_watchlist w JOIN register_entries e ON e.case_number = w.case_number
          WHERE w.profile_id = $1
          ORDER BY e.version > w.seen_version DESC, w.followed_at DESC, e.case_number`,
        [principal.actingProfileId],
      );
      // Shown now: the marks say what changed since this list was last shown, so they clear after this answer.
      await markSeen(tx, principal.actingProfileId);
      return rows;
    });
    return ok({
      cases: cases.map((row) => ({
        ...toResult(row),
        followedAt: iso(row.followed_at),
        changed: row.changed,
        updatedAt: iso(row.updated_at),
      })),
    });
  });

  r.post(REGISTER_PATHS.watchlist, { preValidation, schema: { body: followSchema } }, async (request, reply) => {
    noStore(reply);
    const principal = request.principal!;
    await eserviceFor(app.db, WATCHLIST_SERVICE, principal);
    const number = caseNumberOf(request.body.caseNumber);
    // The watchlist shows each case's name and NRIC: a number typed there is a look-up of the register, and
    // counts as a search, or case numbers in sequence would copy it past the limit (docs/decisions/0044). A
    // case the profile already follows is on its watchlist already: nothing is looked up, nothing counted.
    const followed = await app.db.query('SELECT 1 FROM register_watchlist WHERE profile_id = $1 AND case_number = $2', [
      principal.actingProfileId,
      number,
    ]);
    if (followed.rowCount > 0) return ok({ caseNumber: number }, REGISTER_MESSAGES.alreadyFollowed);
    const ref = request.body.ref;
    const found = ref ? (await recordedSearch(ref, principal)).case_numbers.includes(number) : false;
    if (!found) await countLookUp(request, 'watchlist_follow', { caseNumber: number });
    const added = await app.db.transaction(async (tx) => {
      const entry = await tx.query<{ version: number }>('SELECT version FROM register_entries WHERE case_number = $1', [
        number,
      ]);
      if (!entry.rows[0]) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, REGISTER_MESSAGES.caseNotFound);
      const inserted = await tx.query(
        `INSERT INTO register_watchlist (profile_id, case_number, followed_at, seen_version) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [principal.actingProfileId, number, app.now(), entry.rows[0].version],
      );
      if (inserted.rowCount > 0)
        await audit(tx, {
          event: 'watchlist_follow',
          at: app.now(),
          ...byPrincipal(principal, request.ip),
          detail: { caseNumber: number },
        });
      return inserted.rowCount > 0;
    });
    return ok({ caseNumber: number }, added ? REGISTER_MESSAGES.followed : REGISTER_MESSAGES.alreadyFollowed);
  });

  r.post(REGISTER_PATHS.unfollow, { preValidation, schema: { body: caseNumberBodySchema } }, async (request, reply) => {
    noStore(reply);
    const principal = request.principal!;
    await eserviceFor(app.db, WATCHLIST_SERVICE, principal);
    const number = caseNumberOf(request.body.caseNumber);
    const removed = await app.db.query('DELETE FROM register_watchlist WHERE profile_id = $1 AND case_number = $2', [
      principal.actingProfileId,
      number,
    ]);
    if (removed.rowCount === 0) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, REGISTER_MESSAGES.notFollowed);
    await audit(app.db, {
      event: 'watchlist_unfollow',
      at: app.now(),
      ...byPrincipal(principal, request.ip),
      detail: { caseNumber: number },
    });
    return ok({ caseNumber: number }, REGISTER_MESSAGES.unfollowed);
  });
}

async function markSeen(tx: Queryable, profileId: string): Promise<void> {
  await tx.query(
    `UPDATE register_watchlist w SET seen_version = e.version FROM register_entries e
      WHERE w.profile_id = $1 AND e.case_number = w.case_number AND w.seen_version <> e.version`,
    [profileId],
  );
}
