import type { FastifyInstance } from 'fastify';
import { ROUTES, SITE_PATHS } from '../../contract/index.ts';
import { SECURITY_TXT } from '../../contract/site-pages.ts';

const DAY_MS = 86_400_000;
/** A host name with an optional port: anything else in Host is not echoed back. */
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

/**
 * GET /.well-known/security.txt (RFC 9116): where to report a vulnerability. The addresses are https
 * on the host that was asked (the portal is served over TLS in production); Expires moves with the
 * clock so the file never goes stale, and stays under the year RFC 9116 recommends.
 */
export async function wellKnownRoutes(app: FastifyInstance): Promise<void> {
  app.get(SITE_PATHS.securityTxt, async (request, reply) => {
    const host = SAFE_HOST.test(request.host) ? request.host : '127.0.0.1';
    const origin = `https://${host}`;
    const policy = app.config.LINK_REPORT_VULNERABILITY || `${origin}/#${ROUTES.reportVulnerability}`;
    const expires = new Date(app.now().getTime() + SECURITY_TXT.EXPIRES_AFTER_DAYS * DAY_MS);
    expires.setUTCMilliseconds(0);
    const lines = [
      `Contact: mailto:${SECURITY_TXT.CONTACT_EMAIL}`,
      `Contact: ${policy}`,
      `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
      `Preferred-Languages: ${SECURITY_TXT.PREFERRED_LANGUAGES}`,
      `Canonical: ${origin}${SITE_PATHS.securityTxt}`,
      `Policy: ${policy}`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send(`${lines.join('\n')}\n`);
  });
}
