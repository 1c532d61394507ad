/**
 * The operator's way to move an e-service record through its workflow (submitted → in review →
 * approved, or a proposed rejection → rejected). It opens the same database the server uses (DATABASE_URL, else PGlite in
 * DATA_DIR) and takes the back office's action of the same decision, by its rules, under the officer
 * account that --operator names (else the shell's user); a name that is no enabled officer's is refused,
 * and so is whatever the back office would refuse, in its words (docs/decisions/0040).
 *
 *   npm run case -- show "PD 000042 2026"
 *   npm run case -- move "PD 000042 2026" in_review --operator officer.demo
 *   npm run case -- publish-form PD pd-v3.json
 *
 * publish-form checks a form definition (contract/forms/schema.ts) and publishes it as the next version
 * of the e-service's form (docs/decisions/0035-form-model-v2.md): new records use it; stored records
 * keep theirs. The current version's definition again publishes nothing (docs/decisions/0117).
 *
 * With the embedded database (PGlite) only one process may open the data directory: stop the server
 * first. Against PostgreSQL it runs beside any number of servers.
 */
import { CASE_STATUS_LABELS, isCaseStatus, normalizeCaseNumber, type CaseStatus } from '#contract/cases.ts';
import { readCommandLine } from '../cli-args.ts';
import { ConfigError } from '../config.ts';
import { openCommandDatabase } from '../db/command-database.ts';
import { FormDefinitionError, checkFormDefinition, publishFormVersion } from './forms.ts';
import { moveCase } from './service.ts';

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

const USAGE = `usage: npm run case -- show "CASE NUMBER"
       npm run case -- move "CASE NUMBER" STATUS --operator NAME
       npm run case -- publish-form CODE DEFINITION.json
STATUS is in_review (from submitted), approved (from in_review) or rejected (from rejection_proposed,
approving another officer's proposal); the other moves need the back office (an officer's message or
reason) or the applicant. NAME is your officer login name (a supervisor's to reject); without it, the
shell's user.`;

async function publish(code: string | undefined, file: string | undefined): Promise<number> {
  if (!code || !file) {
    err(USAGE);
    return 2;
  }
  const { readFileSync } = await import('node:fs');
  let definition: unknown;
  try {
    definition = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    err(`${file}: ${error instanceof SyntaxError ? `not JSON: ${error.message}` : String(error)}`);
    return 1;
  }
  // Checked before the database is opened: what is wrong is said at once, one line a problem.
  try {
    checkFormDefinition(definition);
  } catch (error) {
    if (!(error instanceof FormDefinitionError)) throw error;
    for (const problem of error.problems) err(`${file}: ${problem}`);
    return 1;
  }
  const db = await openCommandDatabase();
  try {
    const { version, published } = await publishFormVersion(db, code, definition);
    out(
      published
        ? `${code}: form version ${version} is now current`
        : `${code}: this definition is already version ${version}, the current one: nothing published`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const args = readCommandLine(argv, 'operator', 'operator');
  const [command, rawNumber, status] = args?.words ?? [];
  if (args && command === 'publish-form') return publish(rawNumber, status);
  const caseNumber = rawNumber ? normalizeCaseNumber(rawNumber) : null;
  if (
    !args ||
    !caseNumber ||
    (command !== 'show' && command !== 'move') ||
    (command === 'move' && !isCaseStatus(status))
  ) {
    err(USAGE);
    return 2;
  }
  const operator = args.actor;
  const db = await openCommandDatabase();
  try {
    if (command === 'move') {
      const moved = await moveCase(db, caseNumber, status as CaseStatus, operator, new Date());
      out(`${moved.caseNumber}: ${CASE_STATUS_LABELS[moved.status]}`);
      return 0;
    }
    const { rows } = await db.query<{ status: CaseStatus; profile_id: string; app_code: string }>(
      'SELECT status, profile_id, app_code FROM cases WHERE case_number = $1 AND deleted_at IS NULL',
      [caseNumber],
    );
    if (!rows[0]) {
      err(`No record with case number ${caseNumber}.`);
      return 1;
    }
    out(`${caseNumber}: ${CASE_STATUS_LABELS[rows[0].status]} (${rows[0].app_code}, profile ${rows[0].profile_id})`);
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    err(message);
    process.exit(1);
  },
);
