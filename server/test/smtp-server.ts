import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the test SMTP server received it, parsed. */
export interface ReceivedMail {
  to: string;
  /** The X-PTIB-Idempotency-Key header. */
  key: string;
  messageId: string;
  subject: string;
  /** The whole message as it arrived (headers and MIME parts). */
  raw: string;
}

/** One header's value (unfolded), from the message's header block. */
export function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

export interface TestSmtpServer {
  host: string;
  port: number;
  received: ReceivedMail[];
  /** Called for each message once received, before the server answers it (e.g. to kill the sender). */
  onMessage: ((mail: ReceivedMail) => void | Promise<void>) | null;
  /** Refuse messages with this SMTP reply until set back to null. */
  refuse: string | null;
  /**
   * Refuse these recipients at RCPT TO with this reply code (550: no such mailbox, for good; 450: not now),
   * as a real server does, its reply naming the address.
   */
  refuseRecipients: Map<string, number>;
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on 127.0.0.1 and a random port, without TLS or authentication. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state: Pick<TestSmtpServer, 'received' | 'onMessage' | 'refuse' | 'refuseRecipients'> = {
    received: [],
    onMessage: null,
    refuse: null,
    refuseRecipients: new Map(),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const responseCode = state.refuseRecipients.get(address.address);
      if (!responseCode) {
        callback();
        return;
      }
      const reason = responseCode >= 500 ? '5.1.1' : '4.2.1';
      callback(
        Object.assign(new Error(`${reason} <${address.address}>: Recipient address rejected`), { responseCode }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          if (state.refuse) {
            const error = Object.assign(new Error(state.refuse), { responseCode: 451 });
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            key: headerOf(raw, 'X-PTIB-Idempotency-Key'),
            messageId: headerOf(raw, 'Message-ID'),
            subject: headerOf(raw, 'Subject'),
            raw,
          };
          state.received.push(mail);
          await state.onMessage?.(mail);
          callback();
        })();
      });
    },
  });
  // A sender killed mid-message (the outbox's crash test) resets its connection: the server reports that
  // as an 'error' event, which with no listener would be thrown out of the test run. A real server logs it.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    host: '127.0.0.1',
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as TestSmtpServer;
}
