import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS, fillPath } from '#contract/index.ts';
import { DOCUMENT_PATHS } from '#contract/documents.ts';
import type { CaseDetail } from '#contract/schemas/index.ts';
import { signIn } from '../../server/test/auth.ts';
import { startDeployment, startServer, stopServer, waitHealthy, type Deployment } from './harness.ts';
import { HttpClient, envelope } from './http-client.ts';
import { PD_DRAFT } from './workload.ts';

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

  it("keeps answering when one process dies, and keeps the requests' queries out of nginx's logs", async () => {
    const [first, second] = deployment.servers;
    await stopServer(first!, 'SIGKILL');
    // A query and a Referer as a search sends them: nginx names a request it could not pass on in its error
    // log, query and Referer whole, whatever the access log's format.
    const searched = 'Tan+Ah+Kow';
    for (let i = 0; i < 6; i += 1) {
      const res = await fetch(`${deployment.nginx.url}/healthz?q=${searched}`, {
        headers: { referer: `${deployment.nginx.url}/#/search?q=${searched}` },
      });
      expect(res.status).toBe(200);
    }
    expect(second!.child.exitCode).toBeNull();
    // The access log says a request went to the dead process first, and what it answered.
    await vi.waitFor(() =>
      expect(readFileSync(deployment.nginx.accessLog, 'utf8')).toContain(
        `upstream="127.0.0.1:${first!.port}, 127.0.0.1:${second!.port}" upstream_status="502, 200"`,
      ),
    );
    const logs = readFileSync(deployment.nginx.accessLog, 'utf8') + readFileSync(deployment.nginx.errorLog, 'utf8');
    expect(logs).not.toContain('Tan');
    // Bring a process back on the same port, so nginx's upstream list stays true.
    deployment.servers[0] = await startServer(deployment.cluster.url, {}, first!.port);
  });
});

describe('an upload through nginx', () => {
  it('takes a file as large as the question allows (10 MB), not only what fits in nginx’s default', async () => {
    const user = new HttpClient(deployment.nginx.url);
    await signIn(user, 'ptib.demo');
    const record = envelope<CaseDetail>(
      await user.post(API_PATHS.cases, { appCode: 'PD', data: PD_DRAFT, draft: true }),
    ).responseJSON;
    // A scanned statement of a few megabytes, as people upload them: a PDF of 9 MB.
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%', 'latin1'),
      Buffer.alloc(9 * 1024 * 1024, 0x41),
      Buffer.from('\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1'),
    ]);
    const boundary = 'ptib-scale-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await fetch(
      `${deployment.nginx.url}${fillPath(DOCUMENT_PATHS.ofCase, { id: record.id })}?field=proofOfPayment`,
      {
        method: 'POST',
        headers: { ...user.headers('POST'), 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      },
    );
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(201);
    expect((JSON.parse(text) as { responseJSON: { sizeBytes: number } }).responseJSON.sizeBytes).toBe(pdf.length);
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
