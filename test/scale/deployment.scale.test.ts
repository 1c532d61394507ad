import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeployment, startServer, stopServer, waitHealthy, type Deployment } from './harness.ts';

let deployment: Deployment;
beforeAll(async () => {
  deployment = await startDeployment(2);
});
afterAll(async () => {
  await deployment?.stop();
});

describe('several processes on one PostgreSQL behind nginx', () => {
  it('serves the API through the load balancer', async () => {
    const res = await fetch(`${deployment.nginx.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('every process is up on the shared database (migrations ran once, under the lock)', async () => {
    for (const server of deployment.servers) {
      const res = await fetch(`${server.url}/healthz`);
      expect(res.status).toBe(200);
    }
    expect(deployment.servers.every((s) => s.child.exitCode === null)).toBe(true);
  });

  it('keeps answering when one process dies', async () => {
    const [first, second] = deployment.servers;
    await stopServer(first!, 'SIGKILL');
    for (let i = 0; i < 6; i += 1) {
      const res = await fetch(`${deployment.nginx.url}/healthz`);
      expect(res.status).toBe(200);
    }
    expect(second!.child.exitCode).toBeNull();
    // Bring a process back on the same port, so nginx's upstream list stays true.
    deployment.servers[0] = await startServer(deployment.cluster.url, {}, first!.port);
  });
});

describe('database unreachable', () => {
  it('answers 503 while PostgreSQL is down and recovers by itself when it returns', async () => {
    const server = deployment.servers[1]!;
    deployment.cluster.stop();
    try {
      const down = await fetch(`${server.url}/healthz`);
      expect(down.status).toBe(503);
      const body = await down.json();
      expect(body).toEqual({ status: 'unavailable', database: 'unreachable' });
      const config = await fetch(`${server.url}/api/config`);
      expect(config.status).toBe(200); // needs no database
    } finally {
      deployment.cluster.start();
    }
    await waitHealthy(server.url, { timeoutMs: 30_000 });
    const up = await fetch(`${server.url}/healthz`);
    expect(up.status).toBe(200);
  });
});
