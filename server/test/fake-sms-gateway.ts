import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GatewayRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * A small HTTP SMS gateway for tests, on 127.0.0.1 and a random port: it records what it is sent and
 * answers with the status a test sets (202 by default).
 */
export interface FakeSmsGateway {
  url: string;
  received: GatewayRequest[];
  /** The status of the next answers (e.g. 500 to play a failing gateway). */
  status: number;
  /**
   * The code of the latest one-time-password message. Notifications go through the same gateway from the
   * outbox's worker at any moment, so the latest message is not always the code.
   */
  lastCode(): string;
  close(): Promise<void>;
}

export async function startFakeSmsGateway(path = '/sms/send'): Promise<FakeSmsGateway> {
  const received: GatewayRequest[] = [];
  const gateway = { status: 202 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Kept as text: a test may check that the sender sent JSON.
      }
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      res.writeHead(gateway.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ accepted: gateway.status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(gateway, {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    lastCode() {
      for (const request of [...received].reverse()) {
        const message = (request.body as { message?: string } | undefined)?.message ?? '';
        const code = /one-time password is (\d{6})\b/.exec(message)?.[1];
        if (code) return code;
      }
      throw new Error('the gateway has received no code');
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}
