/**
 * What deploy/nginx.conf.template itself does in front of the processes: its limits on slow and greedy clients
 * (docs/decisions/0099). Real sockets from several loopback addresses (127.0.0.x), since nginx counts per
 * address; each test waits for its condition (an answer, nginx closing a connection) and fails on its own
 * deadline if it never comes.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS, TRANSPORT_MESSAGES, fail } from '#contract/index.ts';
import { startDeployment, startNginx, type Deployment, type Nginx } from './harness.ts';

/** Low enough that a test holds one more than it with a few sockets. */
const CONNECTIONS_PER_ADDRESS = 4;
/** Well under nginx's own time limits (60 s, and 75 s for an idle connection), well over the template's. */
const CLOSE_DEADLINE_MS = 35_000;

let deployment: Deployment;
/** The template with a per-address limit a test can reach. */
let tight: Nginx;
beforeAll(async () => {
  // At info, each process logs a line for every request (docs/decisions/0016), which a test reads.
  deployment = await startDeployment(2, { LOG_LEVEL: 'info' });
  tight = await startNginx(
    deployment.servers.map((s) => s.port),
    { connectionsPerAddress: CONNECTIONS_PER_ADDRESS },
  );
});
afterAll(async () => {
  tight?.stop();
  await deployment?.stop();
});

const open: Socket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.destroy();
});

const refused = fail('429', TRANSPORT_MESSAGES.tooManyAtOnce);

/** A connection from `from` (a loopback address) that keeps what it receives and notes when it is closed. */
async function client(nginx: Nginx, from: string) {
  const { port } = new URL(nginx.url);
  const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress: from });
  open.push(socket);
  const state = { received: '', closed: false };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (state.received += chunk));
  socket.on('error', () => {});
  socket.on('close', () => (state.closed = true));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { socket, state };
}

/** One request on its own connection, answered whole (nginx closes after it). */
async function request(nginx: Nginx, from: string, text: string) {
  const { socket, state } = await client(nginx, from);
  socket.write(text);
  await vi.waitFor(() => expect(state.closed).toBe(true), { timeout: 20_000 });
  const split = state.received.indexOf('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.\d (\d{3})/.exec(state.received)?.[1]),
    head: state.received.slice(0, split),
    body: state.received.slice(split + 4),
  };
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n\r\n`;
/** A request whose headers are all sent and whose body never comes: a slow line, or an attacker's. */
const SLOW_POST =
  'POST /api/rating HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: 20000000\r\n\r\n{';

describe('one address cannot take every connection', () => {
  it('refuses the requests one address has in progress past the limit, in the envelope, and serves another address', async () => {
    const held = await Promise.all(
      Array.from({ length: CONNECTIONS_PER_ADDRESS + 1 }, () => client(tight, '127.0.0.2')),
    );
    for (const { socket } of held) socket.write(SLOW_POST);
    // The one past the limit is answered at once; the others wait for bodies that never come.
    await vi.waitFor(() => expect(held.filter((h) => h.state.received).length).toBe(1), { timeout: 20_000 });
    const answer = held.find((h) => h.state.received)!.state.received;
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(answer).toMatch(/\r\nContent-Type: application\/json\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(refused);

    const elsewhere = await request(tight, '127.0.0.3', get(API_PATHS.health));
    expect(elsewhere.status).toBe(200);
    expect(JSON.parse(elsewhere.body)).toEqual({ status: 'ok', database: 'ok' });
    const again = await request(tight, '127.0.0.2', get(API_PATHS.health));
    expect(again.status).toBe(429);
    expect(held.filter((h) => h.state.received)).toHaveLength(1);
  });

  it('refuses sign-ins from one address faster than the template allows, and no other address', async () => {
    const body = '{}';
    const post = `POST ${API_PATHS.authenticate} HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
    // More at once than the burst of 20 the template allows; fewer than its connections per address.
    const answers = await Promise.all(Array.from({ length: 30 }, () => request(deployment.nginx, '127.0.0.4', post)));
    const byNginx = answers.filter((a) => a.status === 429 && a.body && isRefusal(a.body));
    expect(byNginx.length).toBeGreaterThan(0);
    expect(answers.length - byNginx.length).toBeGreaterThanOrEqual(20);
    const elsewhere = await request(deployment.nginx, '127.0.0.5', post);
    expect(isRefusal(elsewhere.body)).toBe(false);
  });
});

function isRefusal(body: string): boolean {
  try {
    return JSON.stringify(JSON.parse(body)) === JSON.stringify(refused);
  } catch {
    return false;
  }
}

describe('slow clients', () => {
  it('closes a stalled header, a stalled body and an idle connection within seconds, and lets a moving body arrive', async () => {
    const header = await client(deployment.nginx, '127.0.0.6');
    header.socket.write('GET /healthz HTTP/1.1\r\nHost: portal.test\r\n');
    const body = await client(deployment.nginx, '127.0.0.6');
    body.socket.write(SLOW_POST);
    const idle = await client(deployment.nginx, '127.0.0.6');
    idle.socket.write(`GET ${API_PATHS.health} HTTP/1.1\r\nHost: portal.test\r\n\r\n`);
    await vi.waitFor(() => expect(idle.state.received).toMatch(/^HTTP\/1\.1 200 /));

    // An upload on a slow line: it takes longer than the body's time limit, but never pauses that long.
    const moving = await client(deployment.nginx, '127.0.0.7');
    const pieces = ['{"a":', '"b",', '"c":', '"d"}'];
    const length = pieces.join('').length;
    moving.socket.write(
      `POST /api/no-such-call HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`,
    );
    let sent = 0;
    const pace = setInterval(() => sent < pieces.length && moving.socket.write(pieces[sent++]!), 5_000);
    try {
      await vi.waitFor(
        () => {
          expect(header.state.closed).toBe(true);
          expect(body.state.closed).toBe(true);
          expect(idle.state.closed).toBe(true);
          expect(moving.state.closed).toBe(true);
        },
        { timeout: CLOSE_DEADLINE_MS, interval: 200 },
      );
    } finally {
      clearInterval(pace);
    }
    expect(header.state.received).toBe('');
    expect(body.state.received).toBe('');
    expect(sent).toBe(pieces.length);
    // The app's own answer to the whole body: it reached the process.
    expect(moving.state.received).toMatch(/^HTTP\/1\.1 404 /);
  });
});

describe('what nginx passes on', () => {
  it('keeps its connections to the processes open between requests (docs/decisions/0102)', async () => {
    // A stand-in process that counts the connections nginx opens to it.
    let connections = 0;
    const upstream = createServer((_req, res) => res.end('{}')).on('connection', () => connections++);
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const nginx = await startNginx([(upstream.address() as { port: number }).port]);
    try {
      const before = connections;
      // One at a time, each on a client connection of its own: nginx has an idle connection to reuse.
      for (let i = 0; i < 20; i++) expect((await request(nginx, '127.0.0.10', get('/api/any'))).status).toBe(200);
      // A connection a request was 20; kept open, at most one for each of nginx's workers (one a core).
      expect(connections - before).toBeLessThanOrEqual(availableParallelism());
    } finally {
      nginx.stop();
      upstream.closeAllConnections();
      upstream.close();
    }
  });

  it('answers a health check without a Host header (HTTP/1.0, as load balancers probe)', async () => {
    const probe = await request(deployment.nginx, '127.0.0.8', `GET ${API_PATHS.health} HTTP/1.0\r\n\r\n`);
    expect(probe.status).toBe(200);
    expect(JSON.parse(probe.body)).toEqual({ status: 'ok', database: 'ok' });
  });

  it('logs the host nginx saw, not an X-Forwarded-Host the client wrote', async () => {
    const path = `/api/no-such-call-${randomUUID()}`;
    const res = await request(
      deployment.nginx,
      '127.0.0.9',
      `GET ${path} HTTP/1.1\r\nHost: portal.test\r\nX-Forwarded-Host: attacker.example\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(404);
    const logged = () =>
      deployment.servers
        .flatMap((s) => s.logs.join('').split('\n'))
        .filter((line) => line.includes(path))
        .map((line) => JSON.parse(line) as { req?: { url: string; host: string } });
    await vi.waitFor(() => expect(logged().some((entry) => entry.req?.url === path)).toBe(true));
    expect(logged().find((entry) => entry.req?.url === path)!.req!.host).toBe('portal.test');
    expect(deployment.servers.map((s) => s.logs.join('')).join('')).not.toContain('attacker.example');
  });
});
