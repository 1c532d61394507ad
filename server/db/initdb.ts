/**
 * Creates the embedded database's cluster in DATA_DIR's pglite folder (PostgreSQL's initdb), then exits: run
 * by server/db/open.ts in a process of its own on a first start, so the server never holds the memory
 * initdb grows PGlite's WebAssembly memory to (docs/decisions/0069). A failure is one line on stderr, for
 * the server's own refusal to start.
 *   node server/db/initdb.ts <folder>
 */
import { openPglite } from './pglite.ts';

try {
  const db = await openPglite(process.argv[2]);
  await db.close();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
