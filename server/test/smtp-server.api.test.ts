import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

it('takes a sender that resets its connection mid-conversation in its stride, and the next mail arrives', async () => {
  // What a sender killed with SIGKILL mid-message leaves: a connection reset, not closed. Unheard, the server's error
  // event ends the whole test run (an unhandled ECONNRESET).
  const socket = net.connect(smtp.port, smtp.host);
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  const reply = (line: string) =>
    new Promise<void>((resolve) => {
      socket.once('data', () => resolve());
      socket.write(`${line}\r\n`);
    });
  await reply('EHLO crash.example');
  // Within a transaction: smtp-server reports a reset outside one quietly, and inside one as an error.
  await reply('MAIL FROM:<a@example.org>');
  socket.resetAndDestroy();

  const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true });
  await transport.sendMail({ from: 'a@example.org', to: 'b@example.org', subject: 'after', text: 'x' });
  expect(smtp.received.map((m) => m.subject)).toEqual(['after']);
});
