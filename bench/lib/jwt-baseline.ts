/**
 * The yardstick for the API figures: a plain node:http server that only verifies the same kind of JWT
 * as the portal (ES256 through jose, with issuer, audience and the same claims) and answers a small
 * JSON body. Started as its own process, like the real server. Env: PORT, JWK (the public key).
 */
import { createServer } from 'node:http';
import { importJWK, jwtVerify, type JWK } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../server/auth/tokens.ts';
import { TOKEN_ALG } from '../../server/auth/keys.ts';

const key = await importJWK(JSON.parse(process.env.JWK!) as JWK, TOKEN_ALG);
const BEARER = /^Bearer ([A-Za-z0-9_.-]+)$/;

const server = createServer((req, res) => {
  // Drain the body as a real handler would, then verify.
  req.resume();
  req.on('end', async () => {
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    try {
      if (!token) throw new Error('no token');
      const { payload } = await jwtVerify(token, key, {
        algorithms: [TOKEN_ALG],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['sid', 'sub', 'exp', 'iat', 'nbf'],
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ header: { responseCode: '200', responseDesc: 'OK' }, responseJSON: { sub: payload.sub } }),
      );
    } catch {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"header":{"responseCode":"401","responseDesc":"Unauthorized"},"responseJSON":null}');
    }
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
