import { once } from 'node:events';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { freePort, hasExited, spawnServer, stopServer, waitHealthy } from './server-process.ts';

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

  it('stopServer ends a running server and waits for it; one already ended by a signal it leaves at once', async () => {
    const idle = [process.execPath, '-e', 'setInterval(() => {}, 1000)'];
    const running = await spawnServer({ env: {}, argv: idle });
    await stopServer(running);
    expect(running.child.signalCode).toBe('SIGTERM');

    // Killed by a signal, its exitCode stays null: a check of exitCode alone would wait for an exit that came.
    const killed = await spawnServer({ env: {}, argv: idle });
    const gone = once(killed.child, 'exit');
    killed.child.kill('SIGKILL');
    await gone;
    expect(killed.child.exitCode).toBeNull();
    expect(hasExited(killed.child)).toBe(true);
    await stopServer(killed);
  });
});
