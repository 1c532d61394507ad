import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRANSPORT_MESSAGES, XSRF_COOKIE, XSRF_HEADER, fail } from '#contract/index.ts';
import { buildTestApp } from './test/helper.ts';

/**
 * Slow clients against a listening server (real sockets: fake clocks do not reach socket time-outs), with
 * small configured limits. Each test waits for the condition (the server closing the connection), and
 * fails on its own deadline if the server never does.
 */
const REQUEST_TIMEOUT_MS = 1_500;
const HEADERS_TIMEOUT_MS = 1_000;
const MAX_CONNECTIONS = 4;
const DEADLINE_MS = 20_000;

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  ({ app } = await buildTestApp({
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    MAX_CONNECTIONS: String(MAX_CONNECTIONS),
  }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});

const open: Socket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.destroy();
  vi.restoreAllMocks();
});

/** The body of a raw HTTP answer, read as JSON. */
const bodyOf = (answer: string): unknown => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

/** A connected socket that keeps what it receives and notes when the server closes it. */
async function client() {
  const socket = connect({ host: '127.0.0.1', port });
  open.push(socket);
  const state = { received: '', closed: false, closedAt: 0 };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (state.received += chunk));
  socket.on('error', () => {});
  socket.on('close', () => {
    state.closed = true;
    state.closedAt = performance.now();
  });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { socket, state };
}

/** Writes one byte at a time, every 100 ms, until the socket closes: a client that is slow, not idle. */
function trickle(socket: Socket, text: string) {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    socket.write(text[i++ % text.length]!);
  }, 100);
  socket.once('close', () => clearInterval(timer));
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = performance.now() + DEADLINE_MS;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`not within ${DEADLINE_MS} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('slow clients', () => {
  it('a request body that arrives too slowly gets a 408 envelope, is logged, and the connection closes', async () => {
    const warn = vi.spyOn(app.log, 'warn');
    // With the XSRF pair, so the call is let through to read its body.
    const xsrf = (await app.inject({ method: 'GET', url: '/api/config' })).cookies.find(
      (c) => c.name === XSRF_COOKIE,
    )!.value;
    const { socket, state } = await client();
    const started = performance.now();
    socket.write(
      'POST /api/rating HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n' +
        `Cookie: ${XSRF_COOKIE}=${xsrf}\r\n${XSRF_HEADER}: ${xsrf}\r\n\r\n{`,
    );
    trickle(socket, ' ');
    await until(() => state.closed, 'the server closes the connection');
    expect(state.received).toMatch(/^HTTP\/1\.1 408/);
    expect(bodyOf(state.received)).toEqual(fail('408', TRANSPORT_MESSAGES.timedOut));
    expect(state.closedAt - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(warn).toHaveBeenCalledWith(
      // Which limit cut it off Node does not say: both are named, not the one that may not be it.
      expect.objectContaining({ requestTimeoutMs: REQUEST_TIMEOUT_MS, headersTimeoutMs: HEADERS_TIMEOUT_MS }),
      expect.stringContaining('request cut off'),
    );
  });

  it('headers that arrive too slowly get a 408 envelope and the connection closes', async () => {
    const { socket, state } = await client();
    socket.write('GET /api/config HTTP/1.1\r\nHost: localhost\r\n');
    trickle(socket, 'X-Slow: a\r\n');
    await until(() => state.closed, 'the server closes the connection');
    expect(state.received).toMatch(/^HTTP\/1\.1 408/);
    expect(bodyOf(state.received)).toEqual(fail('408', TRANSPORT_MESSAGES.timedOut));
  });

  it('a request that is not HTTP gets a 400 envelope and the connection closes', async () => {
    const { socket, state } = await client();
    socket.write('NOT HTTP AT ALL\r\n\r\n');
    await until(() => state.closed, 'the server closes the connection');
    expect(state.received).toMatch(/^HTTP\/1\.1 400/);
    expect(bodyOf(state.received)).toEqual(fail('400', TRANSPORT_MESSAGES.unreadable));
  });

  it('a connection that never sends anything is closed', async () => {
    const { state } = await client();
    await until(() => state.closed, 'the server closes the connection');
  });

  it(`holds at most ${MAX_CONNECTIONS} connections, and serves again once they are gone`, async () => {
    const held = [];
    for (let i = 0; i < MAX_CONNECTIONS; i++) held.push(await client());
    const count = () => new Promise<number>((r) => app.server.getConnections((_e, n) => r(n)));
    await until(async () => (await count()) >= MAX_CONNECTIONS, 'the server counts the held connections');
    const extra = await client();
    extra.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await until(() => extra.state.closed, 'the server drops the connection past the cap');
    expect(extra.state.received).toBe('');
    for (const { socket } of held) socket.destroy();
    await until(async () => (await count()) === 0, 'the held connections are gone');
    const next = await client();
    next.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await until(() => next.state.closed, 'the answer ends');
    expect(next.state.received).toMatch(/^HTTP\/1\.1 200/);
  });
});
