import { API_PATHS } from '#contract/index.ts';
import type { LoginRequest } from '#contract/schemas/index.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';

/** An answer as the sign-in helpers read it (TestResponse over app.inject, or a real HTTP answer). */
export interface CallAnswer {
  statusCode: number;
  body: string;
  json(): unknown;
}

/**
 * What the sign-in helpers need of a client: TestClient (app.inject) and the scale tests' HTTP client
 * (test/scale/http-client.ts) both fit, so every test signs in through the same protocol code.
 */
export interface ApiCaller<R extends CallAnswer = CallAnswer> {
  token: string | null;
  get(url: string): Promise<R>;
  post(url: string, body?: unknown): Promise<R>;
}

/** Asks the server for a login nonce (this also gives the client its XSRF and binding cookies). */
export async function loginNonce(client: ApiCaller): Promise<string> {
  const res = await client.get(API_PATHS.loginNonce);
  if (res.statusCode !== 200) throw new Error(`login nonce failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { responseJSON: { authenticityToken: string } }).responseJSON.authenticityToken;
}

/** The real sign-in call with a fresh nonce; answers the raw response (for tests of failures). */
export async function authenticate<R extends CallAnswer>(
  client: ApiCaller<R>,
  loginName: string,
  password = DEMO_PASSWORD,
  extra: Partial<LoginRequest> = {},
): Promise<R> {
  const authenticityToken = await loginNonce(client);
  const body: LoginRequest = { loginName, password, model: 'vitest', authenticityToken, rememberMe: false, ...extra };
  return client.post(API_PATHS.authenticate, body);
}

/**
 * Signs in through the real flow (nonce, XSRF cookie, authenticate) and keeps the token on the client,
 * so its next calls are signed in. Throws when the sign-in does not give a token.
 */
export async function signIn(client: ApiCaller, loginName: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await authenticate(client, loginName, password);
  if (res.statusCode !== 200) throw new Error(`signIn(${loginName}) failed: ${res.statusCode} ${res.body}`);
  const answer = JSON.parse(res.body) as { token?: string };
  if (!answer.token) throw new Error(`signIn(${loginName}) gave no token: ${res.body}`);
  client.token = answer.token;
  return answer.token;
}
