/**
 * The yardstick for the API figures: a plain node:http server that only verifies the same kind of JWT
 * as the portal and answers a small JSON body. It verifies exactly the way the server does, with the
 * server's own code (server/auth/tokens.ts: fast-jwt on node:crypto, ES256 only, typ, issuer, audience,
 * the required claims, the times; docs/decisions/0021), so the ratio compares like with like; only the
 * key comes from the environment instead of the database. Started as its own process, like the real
 * server. Env: PORT, JWK (the public key), KID.
 */
import { createServer } from 'node:http';
import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { tokenKid, tokenVerifier } from '../../server/auth/tokens.ts';

const verify = tokenVerifier(createPublicKey({ key: JSON.parse(process.env.JWK!) as JsonWebKey, format: 'jwk' }));
const KID = process.env.KID!;
const BEARER = /^Bearer ([A-Za-z0-9_.-]+)$/;

const server = createServer((req, res) => {
  // What a load balancer's start-up check asks (bench/open-loop.ts puts nginx in front).
  if (req.method === 'GET' && req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  // Drain the body as a real handler would, then verify.
  req.resume();
  req.on('end', () => {
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    try {
      if (!token || tokenKid(token) !== KID) throw new Error('no token of our key');
      const { claims } = verify(token, new Date());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          header: { responseCode: '200', responseDesc: 'OK' },
          responseJSON: { sub: claims.accountId },
        }),
      );
    } catch {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"header":{"responseCode":"401","responseDesc":"Unauthorized"},"responseJSON":null}');
    }
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
