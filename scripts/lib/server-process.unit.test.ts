import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitHealthy } from './server-process.ts';

describe('spawnServer and waitHealthy', () => {
  it('start a process with the given environment and port, keep its output, and wait for /healthz', async () => {
    const port = await freePort();
    // A stand-in for the server: answers /healthz with 200 once listening, on the PORT it is given.
    const script = `
      const http = require('node:http');
      console.log('HOST=' + process.env.HOST + ' MARK=' + process.env.MARK);
      http.createServer((q, s) => s.writeHead(q.url === '/healthz' ? 200 : 404).end()).listen(Number(process.env.PORT), process.env.HOST);
    `;
    const server = await spawnServer({ env: { MARK: 'given' }, port, argv: [process.execPath, '-e', script] });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${port}`);
      await waitHealthy(server.url, { child: server.child, logs: server.logs, timeoutMs: 10_000 });
      expect(server.logs.join('')).toContain('HOST=127.0.0.1 MARK=given');
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('fails at once, with what the process wrote, when it exits before it is healthy', async () => {
    const server = await spawnServer({
      env: {},
      argv: [process.execPath, '-e', "console.error('bad configuration'); process.exit(2)"],
    });
    const started = performance.now();
    await expect(waitHealthy(server.url, { child: server.child, logs: server.logs })).rejects.toThrow(
      /server exited \(2\):\s+bad configuration/,
    );
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('fails after the timeout when nothing becomes healthy', async () => {
    const unhealthy = createServer((_q, s) => s.writeHead(503).end());
    await new Promise<void>((r) => unhealthy.listen(0, '127.0.0.1', r));
    const { port } = unhealthy.address() as { port: number };
    try {
      await expect(waitHealthy(`http://127.0.0.1:${port}`, { timeoutMs: 200 })).rejects.toThrow(
        /not healthy in 200 ms/,
      );
    } finally {
      unhealthy.close();
    }
  });
});
