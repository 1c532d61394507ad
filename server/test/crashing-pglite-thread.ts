/**
 * A stand-in for server/db/pglite-thread.ts that ends the way a crash in PostgreSQL would: it starts, takes a
 * LISTEN, and exits at the first query (server/db/pglite-worker.unit.test.ts).
 */
import { parentPort } from 'node:worker_threads';
import type { ThreadReply, ThreadRequest } from '../db/pglite-protocol.ts';

const port = parentPort!;
const reply = (message: ThreadReply) => port.postMessage(message);
port.on('message', (request: ThreadRequest) => {
  if (request.op !== 'listen') process.exit(70);
  reply({ event: 'live', channel: request.channel, live: true });
  reply({ id: request.id, ok: true });
});
reply({ event: 'ready' });
