/**
 * The benches call the server with the scale tests' HTTP client (test/scale/http-client.ts: cookies kept,
 * X-XSRF-TOKEN, the bearer token, the payload encryption of contract/crypto, as the web app does) and sign in
 * through the tests' sign-in flow (server/test/auth.ts), so there is one copy of that protocol.
 */
import { signIn } from '../../server/test/auth.ts';
import { HttpClient } from '../../test/scale/http-client.ts';

export { HttpClient };

/** The seeded demo account every bench signs in as. */
export const BENCH_ACCOUNT = 'ptib.demo';

/** A new client of the server at `base`, signed in (nonce, then the encrypted authenticate call). */
export async function signedInClient(base: string): Promise<HttpClient> {
  const client = new HttpClient(base);
  await signIn(client, BENCH_ACCOUNT);
  return client;
}

/** What a load generator sends with each POST of a signed-in client: its headers and a JSON body. */
export function postHeaders(client: HttpClient): Record<string, string> {
  return { 'content-type': 'application/json', ...client.headers('POST') };
}
