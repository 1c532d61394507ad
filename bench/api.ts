/**
 * API throughput on the embedded database (PGlite), 50 connections: refreshJWT and retrieveProfile
 * against a plain node:http server that only verifies the same JWT, with the server's own verifier
 * (ES256, fast-jwt on node:crypto: bench/lib/jwt-baseline.ts), measured in the same run; then sign-in
 * throughput, which the password hash bounds.
 * Run: npm run bench:api -- [--duration=10] [--connections=50] [--rounds=3] [--signin-seconds=10]
 */
import { spawn } from 'node:child_process';
import { generateKeyPair, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { onExit } from 'signal-exit';
import { API_PATHS } from '#contract/index.ts';
import { PAYLOAD_CRYPTO, isEncryptedAnswer, openAnswer, type AnswerKey } from '#contract/crypto/index.ts';
import { signToken } from '../server/auth/tokens.ts';
import { PASSWORD_HASH_OPTIONS, hashPassword, verifyPassword } from '../server/security/passwords.ts';
import { freePort } from '../scripts/lib/server-process.ts';
import {
  postHeaders,
  refreshAccountsFor,
  refreshSessionsPerRun,
  signedInClient,
  signedInGrowthClients,
  type HttpClient,
} from './lib/client.ts';
import { measureCosts } from './lib/costs.ts';
import type { Request } from 'autocannon';
import {
  DEFAULT_CONNECTIONS,
  WARMUP_SECONDS,
  autocannonLoad,
  describe,
  describeGenerator,
  load,
  loadGenerator,
  wrkLoad,
  type LoadFigures,
} from './lib/load.ts';
import { WRK_THREADS, sumOver, type WrkRun } from './lib/wrk.ts';
import { DEFAULT_ROUNDS, ROOT, args, median, newResult, report, round, type BenchResult } from './lib/results.ts';
import { SERVER_COMMAND, startServer } from './lib/server.ts';
import { seedRefreshAccounts } from './seed.ts';
import { cpuPerRequest, describeCpu } from './lib/threads.ts';

export const RATIO_TARGET = 0.6;
export const P99_TARGET_MS = 25;

export interface ApiOptions {
  duration: number;
  connections: number;
  /** Seconds of warm-up before the measured run (default: load's WARMUP_SECONDS). */
  warmupSeconds?: number;
}

/** The yardstick server in its own process; answers its URL and a valid token for it. */
export async function startBaseline(): Promise<{
  url: string;
  token: string;
  pid: number;
  stop: () => Promise<void>;
}> {
  const { publicKey, privateKey } = await promisify(generateKeyPair)('ec', { namedCurve: 'prime256v1' });
  const kid = randomUUID();
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/lib/jwt-baseline.ts')], {
    env: { ...process.env, PORT: String(port), JWK: JSON.stringify(publicKey.export({ format: 'jwk' })), KID: kid },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`baseline server exited ${code}`)));
  });
  const now = new Date();
  const token = signToken(
    { kid, privateKey },
    { sessionId: randomUUID(), accountId: '1', generation: 0 },
    now,
    new Date(now.getTime() + 3_600_000),
  );
  // A bench killed or interrupted does not leave its yardstick serving.
  const removeExitHook = onExit(() => void child.kill('SIGKILL'));
  return {
    url,
    token,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        removeExitHook();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The yardstick's load: the same request every time, with the generator every other load here uses. */
export function baselineLoad(url: string, token: string, o: ApiOptions): Promise<LoadFigures> {
  return load({
    url,
    connections: o.connections,
    duration: o.duration,
    warmupSeconds: o.warmupSeconds,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
}

/**
 * refreshJWT as clients use it, with rotating tokens (docs/decisions/0029): every request sends the token
 * its session's last refresh answered, and a token refreshes once. One session per connection (growth
 * accounts, refreshAccountsFor: the server's database must hold them), signed in afresh for each load.
 * Each connection takes a token that is not in flight and puts back the one its answer gave.
 */
export async function refreshLoad(base: string, o: ApiOptions): Promise<LoadFigures> {
  const url = `${base}${API_PATHS.refresh}`;
  const clients = await signedInGrowthClients(base, refreshAccountsFor(o.connections));
  const tokens = clients.map((c) => c.token!);
  // The warm-up's sessions and the measured run's: requests still in flight when a run stops lose their
  // session's token (the server rotated it, nobody read the answer).
  const perRun = refreshSessionsPerRun(o.connections);
  const [warmupTokens, measuredTokens] = [tokens.slice(0, perRun), tokens.slice(perRun)];
  if (loadGenerator().name === 'wrk') {
    // Any client's cookie and XSRF pair will do: the XSRF check compares the two, not whose they are.
    const { authorization: _, ...headers } = postHeaders(clients[0]!);
    const { figures, measured } = await wrkLoad({
      ...o,
      url,
      script: 'refresh.lua',
      headers,
      env: { BENCH_TOKENS: (o.warmupSeconds === 0 ? measuredTokens : warmupTokens).join(' ') },
      measuredEnv: () => ({ BENCH_TOKENS: measuredTokens.join(' ') }),
    });
    // A refresh answered without a token the script could read would lose its session.
    const chained = sumOver(measured, 'refreshed');
    if (chained < figures.requests - figures.non2xx)
      throw new Error(`refreshJWT: only ${chained} of ${figures.requests} answers carried a new token`);
    return figures;
  }
  // autocannon runs its warm-up and the measured run in one process: one pool for both, with both sets.
  const pool = [...measuredTokens, ...warmupTokens];
  // A starved request (a refresh failed and lost its session's token) is refused without ending a session.
  const noToken = 'starved';
  const refresh: Request = {
    method: 'POST',
    headers: postHeaders(clients[0]!),
    body: '{}',
    setupRequest(request) {
      const token = pool.pop() ?? noToken;
      return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
    },
    onResponse(status, body) {
      if (status !== 200) return;
      try {
        pool.push((JSON.parse(body) as { responseJSON: { token: string } }).responseJSON.token);
      } catch {
        /* counted as an error by the status */
      }
    },
  };
  return autocannonLoad({
    url,
    connections: o.connections,
    duration: o.duration,
    warmupSeconds: o.warmupSeconds,
    requests: [refresh],
  });
}

/** An answer the load generator kept, and the pool indices of the requests it may answer. */
interface KeptAnswer {
  body: string;
  candidates: number[];
}

/**
 * The rate to seal retrieveProfile bodies for: what refreshJWT has just served on the same server (each body
 * can be sent once, and retrieveProfile runs no faster than refreshJWT), at least 500 a second. A fixed rate
 * would be outrun by a faster machine, and its refused replays would count as answers.
 */
export function profilePoolRps(refreshRps: number): number {
  return Math.max(refreshRps, 500);
}

/**
 * retrieveProfile, encrypted as the web app sends it. Every request is a fresh seal (the server refuses a
 * replayed one), made before the run so the load generator spends its time sending, not encrypting.
 */
export async function profileLoad(base: string, client: HttpClient, o: ApiOptions, expectedRps: number) {
  const seconds = o.duration + (o.warmupSeconds ?? WARMUP_SECONDS);
  const count = Math.ceil(expectedRps * seconds * 1.5) + o.connections * 10;
  const pool: string[] = [];
  const keys: AnswerKey[] = [];
  for (let i = 0; i < count; i += 1) {
    const sealed = await client.seal(API_PATHS.retrieveProfile, {});
    pool.push(JSON.stringify(sealed.body));
    keys.push(sealed.answerKey);
  }
  const url = `${base}${API_PATHS.retrieveProfile}`;
  const { figures, exhausted, answers } =
    loadGenerator().name === 'wrk'
      ? await poolLoadWrk(url, client, o, pool)
      : await poolLoadAutocannon(url, client, o, pool);
  // Spot-check that the answers are the real, encrypted identity: the first key that opens an answer is its
  // request's (the request's IV is bound into the answer), and what it opens must be a 200 envelope.
  let opened = 0;
  for (const a of answers) {
    const parsed: unknown = JSON.parse(a.body);
    if (!isEncryptedAnswer(parsed)) continue;
    for (const index of a.candidates) {
      let text: string;
      try {
        text = await openAnswer(keys[index % count]!, API_PATHS.retrieveProfile, parsed);
      } catch {
        continue;
      }
      if ((JSON.parse(text) as { header: { responseCode: string } }).header.responseCode === '200') opened += 1;
      break;
    }
  }
  return { figures, sealed: count, exhausted, spotChecked: `${opened}/${answers.length}` };
}

const SPOT_CHECKED = 20;

async function poolLoadAutocannon(url: string, client: HttpClient, o: ApiOptions, pool: string[]) {
  let next = 0;
  let exhausted = 0;
  const answers: KeptAnswer[] = [];
  const figures = await autocannonLoad({
    url,
    connections: o.connections,
    duration: o.duration,
    warmupSeconds: o.warmupSeconds,
    requests: [
      {
        method: 'POST',
        headers: postHeaders(client),
        setupRequest(request, context) {
          if (next >= pool.length) exhausted += 1;
          const index = next % pool.length;
          next += 1;
          context.index = index;
          return { ...request, body: pool[index] };
        },
        onResponse(_status, body, context) {
          if (answers.length < SPOT_CHECKED) answers.push({ body, candidates: [context.index as number] });
        },
      },
    ],
  });
  return { figures, exhausted, answers };
}

/**
 * The pool as a file (one body per line) that bench/lib/wrk/pool.lua reads; the measured run goes on where
 * the warm-up stopped. wrk does not say which request an answer belongs to: pool.lua keeps, with each of
 * the first answers, the newest index its thread had sent, and the answer's request is one of that
 * thread's indices since the run began up to that one (the newest first: it is nearly always among the
 * last `connections`).
 */
async function poolLoadWrk(url: string, client: HttpClient, o: ApiOptions, pool: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pool-'));
  try {
    const file = path.join(dir, 'pool.txt');
    writeFileSync(file, `${pool.join('\n')}\n`);
    const nextIndex = (r: WrkRun) => Math.max(0, ...r.threads.map((t) => (t.last as number) + 1));
    const { figures, measured, warmup } = await wrkLoad({
      ...o,
      url,
      script: 'pool.lua',
      headers: postHeaders(client),
      env: { BENCH_POOL: file, BENCH_RECORD: String(SPOT_CHECKED) },
      measuredEnv: (w) => ({ BENCH_POOL_START: String(nextIndex(w)) }),
    });
    const answers: KeptAnswer[] = [];
    for (const t of measured.threads) {
      const first = t.first as number;
      for (const a of JSON.parse(t.answers_json as string) as Array<{ newest: number; body: string }>) {
        const candidates: number[] = [];
        for (let i = a.newest; i >= first; i -= WRK_THREADS) candidates.push(i);
        answers.push({ body: a.body, candidates });
      }
    }
    return {
      figures,
      exhausted: sumOver(warmup, 'exhausted') + sumOver(measured, 'exhausted'),
      answers: answers.slice(0, SPOT_CHECKED),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Sign-ins per second with `workers` clients signing in back to back (nonce, then encrypted authenticate). */
export async function signInLoad(base: string, seconds: number, workers: number) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await signedInClient(base);
          latencies.push(performance.now() - t0);
        } catch {
          failures += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  return { perSecond: latencies.length / elapsed, p50: pct(0.5), p99: pct(0.99), failures, count: latencies.length };
}

/** Cost of one password check in this process (argon2id at PASSWORD_HASH_OPTIONS), median of 20. */
export async function passwordCheckMs(): Promise<number> {
  const hash = await hashPassword('Bench!2345');
  const times: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const t0 = performance.now();
    await verifyPassword(hash, 'Bench!2345');
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[10]!;
}

/**
 * A call's figures over the rounds, each round's load beside the yardstick's of the same round: the median
 * req/s, the median of the rounds' ratios, the median p99, and the errors of every round.
 */
export function ratioFigures(result: BenchResult, name: string, runs: LoadFigures[], baselines: LoadFigures[]): void {
  const ratio = median(runs.map((f, i) => f.rps / baselines[i]!.rps));
  const p99 = median(runs.map((f) => f.p99));
  const errors = runs.reduce((sum, f) => sum + f.errors + f.non2xx, 0);
  result.figures.push(
    { name: `${name} req/s`, value: Math.round(median(runs.map((f) => f.rps))), unit: 'req/s' },
    {
      name: `${name} ÷ baseline`,
      value: round(ratio),
      unit: '×',
      target: `≥ ${RATIO_TARGET}×`,
      pass: ratio >= RATIO_TARGET,
    },
    { name: `${name} p99`, value: p99, unit: 'ms', target: `≤ ${P99_TARGET_MS} ms`, pass: p99 <= P99_TARGET_MS },
    { name: `${name} errors`, value: errors, target: '0', pass: errors === 0 },
  );
}

if (import.meta.main) {
  const a = args();
  const o: ApiOptions = {
    duration: Number(a.get('duration') ?? 10),
    connections: Number(a.get('connections') ?? DEFAULT_CONNECTIONS),
  };
  const signinSeconds = Number(a.get('signin-seconds') ?? 10);
  const rounds = Number(a.get('rounds') ?? DEFAULT_ROUNDS);
  const result = newResult(
    'api',
    `API: ${o.connections} connections, embedded database (PGlite)`,
    `npm run bench:build && npm run bench:api -- --duration=${o.duration} --connections=${o.connections} --rounds=${rounds} --signin-seconds=${signinSeconds}`,
  );
  const lines: string[] = [];
  const generator = loadGenerator();
  const baseline = await startBaseline();
  // A data directory with the refresh load's accounts, seeded before the server opens it (PGlite has one
  // process at a time).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ptib-bench-api-'));
  await seedRefreshAccounts({ dataDir }, refreshAccountsFor(o.connections));
  const server = await startServer({ dataDir });
  const say = (...said: string[]) => {
    lines.push(...said);
    console.log(said.join('\n'));
  };
  try {
    // One session for retrieveProfile: a new sign-in of the same login would end it (single-session rule).
    // The refresh load signs in sessions of its own.
    const client = await signedInClient(server.url);

    // The yardstick and the two calls in turn, round after round: a few seconds when the shared machine is
    // busy then land in one round of each, and the medians are the figures.
    const baselines: LoadFigures[] = [];
    const refreshes: LoadFigures[] = [];
    const profiles: LoadFigures[] = [];
    for (let n = 1; n <= rounds; n += 1) {
      const tag = rounds > 1 ? `round ${n}: ` : '';
      const baseCpu = await cpuPerRequest(baseline.pid, () => baselineLoad(baseline.url, baseline.token, o));
      baselines.push(baseCpu.result);
      say(
        `${tag}baseline (node:http + fast-jwt ES256 verify, the server's verifier): ${describe(baseCpu.result)}`,
        `  ${describeCpu(baseCpu)}`,
      );

      const refreshCpu = await cpuPerRequest(server.pid, () => refreshLoad(server.url, o));
      refreshes.push(refreshCpu.result);
      say(`${tag}refreshJWT: ${describe(refreshCpu.result)}`, `  ${describeCpu(refreshCpu)}`);

      const profileCpu = await cpuPerRequest(server.pid, async () => {
        const p = await profileLoad(server.url, client, o, profilePoolRps(refreshCpu.result.rps));
        return { ...p, requests: p.figures.requests, warmupRequests: p.figures.warmupRequests };
      });
      const profile = profileCpu.result;
      profiles.push(profile.figures);
      say(
        `${tag}retrieveProfile (encrypted): ${describe(profile.figures)}; ${profile.sealed} bodies sealed before the run, ${profile.exhausted} reused, answers opened ${profile.spotChecked}`,
        `  ${describeCpu(profileCpu)}`,
      );
    }
    result.figures.push({
      name: 'baseline: node:http + JWT verify req/s',
      value: Math.round(median(baselines.map((f) => f.rps))),
      unit: 'req/s',
    });
    ratioFigures(result, 'refreshJWT', refreshes, baselines);
    ratioFigures(result, 'retrieveProfile (encrypted)', profiles, baselines);

    const hashMs = await passwordCheckMs();
    const workers = Math.max(2, availableParallelism() * 2);
    const signIn = await signInLoad(server.url, signinSeconds, workers);
    say(
      `sign-in (nonce + encrypted authenticate), ${workers} clients: ${round(signIn.perSecond)}/s, p50 ${Math.round(signIn.p50)} ms, p99 ${Math.round(signIn.p99)} ms, ${signIn.count} sign-ins, ${signIn.failures} failures`,
    );
    const cost = `argon2id m=${PASSWORD_HASH_OPTIONS.memoryCost} KiB, t=${PASSWORD_HASH_OPTIONS.timeCost}, p=${PASSWORD_HASH_OPTIONS.parallelism}`;
    result.figures.push(
      { name: `sign-ins per second (${cost})`, value: round(signIn.perSecond), unit: '/s' },
      { name: 'one password check (same hash, this machine)', value: round(hashMs), unit: 'ms' },
      {
        name: 'bound set by the hash: CPUs ÷ one check',
        value: round((availableParallelism() * 1000) / hashMs),
        unit: '/s',
      },
      { name: 'sign-in failures', value: signIn.failures, target: '0', pass: signIn.failures === 0 },
    );
    const costs = await measureCosts();
    result.details = [
      '```',
      ...lines,
      '```',
      '',
      'Where the time of one call goes (each piece alone, in one process, median; the baseline does only the first):',
      '',
      '| piece | ms |',
      '|---|---|',
      ...costs.map((c) => `| ${c.piece} | ${c.ms.toFixed(3)} |`),
      '',
      `Refresh tokens rotate (docs/decisions/0029): a token refreshes once, and a second refresh with it ends its session. So the refresh load has one session per connection (${refreshAccountsFor(o.connections)} growth accounts seeded for it: a warm-up set and a measured set), and chains each session's tokens as a browser tab does: a request takes a token not in flight, its answer puts back the new one${generator.name === 'wrk' ? ` (a pool per wrk thread, ${generator.threads} here: wrk does not tell the script which connection an answer came on)` : ''}.`,
      `retrieveProfile is an encrypted call (contract/crypto: RSA-OAEP-3072 wraps an AES-256-GCM key, which the client reuses for up to ${PAYLOAD_CRYPTO.REQUEST_KEY_MAX_USES} requests or ${PAYLOAD_CRYPTO.REQUEST_KEY_MAX_AGE_MS / 60_000} minutes as the web app does, so the server unwraps it once); ` +
        'the server refuses a replayed body, so every request carries its own seal (its own IV), made before the run.',
      "Under each load, its server CPU per request: the CPU time (/proc, user + system) each thread of the process used over the load, divided by the requests answered. MainThread answers HTTP; WorkerThread is the embedded database (docs/decisions/0022); V8Worker threads are V8's helpers (garbage collection); libuv-worker the thread pool.",
      `Server: \`${SERVER_COMMAND}\` (as npm start runs it), NODE_ENV=production, LOG_LEVEL=warn, PGlite in a fresh data directory.`,
      `Load generator: ${describeGenerator(generator)}, on the same ${availableParallelism()} CPUs as the servers; ${o.connections} connections, each load after ${WARMUP_SECONDS} s of the same load not counted. The yardstick is measured with the same generator, in the same run: ${rounds} round(s) of the yardstick, refreshJWT and retrieveProfile in turn; req/s, p99 and each call's ratio to the yardstick of its own round are the medians over the rounds, errors the sum.` +
        (generator.name === 'wrk'
          ? " Latencies are wrk's (microseconds, shown in ms); non-2xx counts answers of 400 and above (wrk's status errors)."
          : ' autocannon shares the bench process and takes about a CPU from the servers: without wrk (apt-get install wrk) the figures are lower.'),
    ].join('\n');
  } finally {
    await server.stop();
    await baseline.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  report(result);
}
