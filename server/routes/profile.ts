import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, AUTH_MESSAGES, FORBIDDEN_DESC, RESPONSE_CODE, fail, ok } from '#contract/index.ts';
import {
  envelopeSchema,
  masterListResponseSchema,
  switchProxyRequestSchema,
  switchProxyResponseSchema,
  userIdentitySchema,
} from '#contract/schemas/index.ts';
import { audit, byPrincipal } from '../auth/audit.ts';
import { identityOf, isMaster, masterList, proxyGrant } from '../auth/profiles.ts';
import { sessionPrincipal } from '../auth/plugin.ts';
import { answerOfficerDenied, refuseOfficer } from '../auth/officer.ts';
import { setActingProfile } from '../auth/sessions.ts';
import { ApiError } from '../plugins/errors.ts';

/** The signed-in user's identity, master PTIB list and proxy switch. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A blocked profile answers HTTP 200 with header 4100 and no identity: the guard reads the header
  // and shows access denied (PTACC-948); it is not an HTTP failure of the call.
  r.post(
    API_PATHS.retrieveProfile,
    {
      preValidation: [app.requireSession, answerOfficerDenied],
      schema: { response: { 200: envelopeSchema(userIdentitySchema.nullable()) } },
    },
    async (request) => {
      const found = await identityOf(app.db, request.principal!, app.now());
      if (!found) throw new ApiError(403, RESPONSE_CODE.FORBIDDEN, FORBIDDEN_DESC);
      if (found.blocked) return fail(RESPONSE_CODE.PROFILE_BLOCKED, AUTH_MESSAGES.profileBlocked);
      return ok(found.identity);
    },
  );

  r.post(
    API_PATHS.retrieveMasterPTIBList,
    {
      preValidation: [app.requireSession, refuseOfficer],
      schema: { response: { 200: envelopeSchema(masterListResponseSchema) } },
    },
    async (request) => {
      const p = request.principal!;
      const own = await isMaster(app.db, p.ownProfileId);
      const masterPTIBList = own?.master && !own.blocked ? await masterList(app.db, p.ownProfileId, own.name) : [];
      return ok({ masterPTIBList });
    },
  );

  r.post(
    API_PATHS.switchProxyProfile,
    {
      // A session whose grant was withdrawn may still switch: back to itself, or to a profile still granted.
      preValidation: [app.requireSessionOrWithdrawnProxy, refuseOfficer],
      schema: { body: switchProxyRequestSchema, response: { 200: envelopeSchema(switchProxyResponseSchema) } },
    },
    async (request) => {
      const p = sessionPrincipal(request)!;
      const requested = request.body.ptibProfileID.trim();
      const target = requested === '' ? p.ownProfileId : requested;
      const now = app.now();
      const refuse = async (reason: string) => {
        await audit(app.db, {
          event: 'proxy_switch',
          outcome: 'failure',
          at: now,
          ...byPrincipal(p, request.ip),
          detail: { requested: target, reason },
        });
        return new ApiError(403, RESPONSE_CODE.FORBIDDEN, reason);
      };
      if (target !== p.ownProfileId) {
        const own = await isMaster(app.db, p.ownProfileId);
        if (own?.blocked) throw await refuse(AUTH_MESSAGES.profileBlocked);
        if (!own?.master) throw await refuse(AUTH_MESSAGES.proxyNotMaster);
        const grant = await proxyGrant(app.db, p.ownProfileId, target);
        if (!grant) throw await refuse(AUTH_MESSAGES.proxyNotGranted(target));
        if (grant.masterBlock) throw await refuse(AUTH_MESSAGES.proxyBlocked(target));
        // Every call acting for it would answer 4100, not saying why: refused here, saying so (docs/decisions/0083).
        if (grant.profileBlocked) throw await refuse(AUTH_MESSAGES.proxyProfileBlocked(target));
      }
      if (!(await setActingProfile(app.db, p.sessionId, target))) {
        throw new ApiError(403, RESPONSE_CODE.FORBIDDEN, FORBIDDEN_DESC);
      }
      await audit(app.db, {
        event: 'proxy_switch',
        at: now,
        ...byPrincipal(p, request.ip),
        // The profile now acted for; detail.from names the one before.
        actingProfileId: target,
        detail: { from: p.actingProfileId },
      });
      return ok({ ptibProfileID: requested === '' ? '' : target });
    },
  );
}
