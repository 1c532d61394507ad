/**
 * The benches call the server with the scale tests' HTTP client (test/scale/http-client.ts: cookies kept,
 * X-XSRF-TOKEN, the bearer token, the payload encryption of contract/crypto, as the web app does) and sign in
 * through the tests' sign-in flow (server/test/auth.ts), so there is one copy of that protocol.
 */
import { signIn } from '../../server/test/auth.ts';
import { HttpClient } from '../../test/scale/http-client.ts';
import { GROWTH_PASSWORD } from '../seed.ts';

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

/**
 * Accounts the refresh load signs in (growth.1 … growth.N of bench/seed.ts): a token refreshes once
 * (docs/decisions/0029), so each connection needs a session of its own, and one login has one live session.
 * A warm-up and the measured run each start from sessions of their own, one more than the connections
 * (wrk takes one request's token to check its script and never sends it).
 */
export const refreshSessionsPerRun = (connections: number) => connections + 1;
export const refreshAccountsFor = (connections: number) => 2 * refreshSessionsPerRun(connections);

/** Signs in `count` growth accounts (a fresh session each, ending any older one), two at a time. */
export async function signedInGrowthClients(base: string, count: number): Promise<HttpClient[]> {
  const clients: HttpClient[] = Array.from({ length: count }, () => new HttpClient(base, { keepSecrets: false }));
  let next = 0;
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      while (next < count) {
        const i = next++;
        await signIn(clients[i]!, `growth.${i + 1}`, GROWTH_PASSWORD);
      }
    }),
  );
  return clients;
}
