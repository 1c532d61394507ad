/**
 * Who is calling: set on the request by the session plugin (server/auth) for every signed-in call.
 * Routes never trust the app to hide things: they check the principal on the server.
 */
export interface Principal {
  sessionId: string;
  accountId: number;
  loginName: string;
  /** The profile the account owns. */
  ownProfileId: string;
  /** The profile the user acts as now: their own, or one a master list grants (proxy mode). */
  actingProfileId: string;
  /**
   * The acting profile is blocked (isPTIBBlocked), or the user's own one is (a blocked master acts for no one):
   * the profile call answers 4100, guarded calls refuse.
   */
  actingProfileBlocked: boolean;
  /** The generation of the token this call came with (docs/decisions/0029): the current one or, in the grace, the one before. */
  tokenGeneration: number;
  /** Roles of the real account (the signed-in person), also in proxy mode. */
  authorities: readonly string[];
  authorizations: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}
