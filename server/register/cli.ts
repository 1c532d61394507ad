/**
 * The register's import command: applies a CSV file of changes from the court's systems to the insolvency
 * register (format: docs/register-import.md), against the database the server uses (DATABASE_URL, else
 * PGlite in DATA_DIR).
 *
 *   npm run register -- import changes.csv
 *
 * Bad rows are reported with their line numbers and left out; good rows are applied; the exit status is 1
 * when any row was left out. With the embedded database only one process may open the data directory: stop
 * the server first. Against PostgreSQL it runs beside any number of servers.
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config.ts';
import { openCommandDatabase } from '../db/command-database.ts';
import { importRegisterCsv } from './import.ts';

const USAGE = 'usage: npm run register -- import FILE.csv';

async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if (command !== 'import' || !file) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const text = readFileSync(file, 'utf8');
  const db = await openCommandDatabase();
  try {
    const report = await importRegisterCsv(db, text, new Date());
    for (const { line, problems } of report.rejected) process.stderr.write(`${file}:${line}: ${problems.join('; ')}\n`);
    process.stdout.write(
      `${report.inserted} added, ${report.updated} changed, ${report.unchanged} unchanged, ${report.rejected.length} rejected\n`,
    );
    return report.rejected.length > 0 ? 1 : 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
