import type { FastifyInstance } from 'fastify';
import { ROUTES, SITE_PATHS } from '#contract/index.ts';
import { SECURITY_TXT } from '#contract/site-pages.ts';

const DAY_MS = 86_400_000;

/**
 * GET /.well-known/security.txt (RFC 9116): where to report a vulnerability. The portal's own addresses
 * come from PUBLIC_URL, never from the Host header (a cache in front would keep and share an answer naming
 * whatever host an attacker sent); without PUBLIC_URL the lines that need them are left out rather than
 * guessed (docs/decisions/0031). The answer then depends on configuration and the clock only, so public
 * caches may keep it. Expires moves with the clock so the file never goes stale, and stays under the year
 * RFC 9116 recommends.
 */
export async function wellKnownRoutes(app: FastifyInstance): Promise<void> {
  app.get(SITE_PATHS.securityTxt, async (_request, reply) => {
    const origin = app.config.PUBLIC_URL;
    const policy =
      app.config.LINK_REPORT_VULNERABILITY || (origin ? `${origin}/#${ROUTES.reportVulnerability}` : undefined);
    const expires = new Date(app.now().getTime() + SECURITY_TXT.EXPIRES_AFTER_DAYS * DAY_MS);
    expires.setUTCMilliseconds(0);
    const lines = [
      `Contact: mailto:${SECURITY_TXT.CONTACT_EMAIL}`,
      ...(policy ? [`Contact: ${policy}`] : []),
      `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
      `Preferred-Languages: ${SECURITY_TXT.PREFERRED_LANGUAGES}`,
      ...(origin ? [`Canonical: ${origin}${SITE_PATHS.securityTxt}`] : []),
      ...(policy ? [`Policy: ${policy}`] : []),
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send(`${lines.join('\n')}\n`);
  });
}
