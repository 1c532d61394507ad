/**
 * The operator's signing-key rotation (docs/decisions/0047-one-plain-server.md). It opens the same database
 * the server uses (DATABASE_URL, else PGlite in DATA_DIR; with PGlite stop the server first).
 *
 *   npm run keys -- list              the live keys, newest (the one that signs) first
 *   npm run keys -- rotate            adds a key; every process signs with it within 30 s
 *   npm run keys -- retire [KID]      retires KID, or every live key but the newest
 *
 * Rotation signs nobody out: tokens of the older keys stay valid, and a refresh answers a token of the new
 * one. Retiring refuses the newest key (nothing could sign), and any key while the newest is younger than
 * a token's longest life plus the processes' key cache: a token an older key signed may still be in use.
 * `--force` retires anyway (a leaked key): the users of its tokens sign in again.
 *
 * Each rotation and retirement is an operator action in the audit trail, with the shell's user and
 * `via: command`, as the other commands' are: a forced retirement signs users out, and who did it and when
 * must be found afterwards.
 */
import { SESSION } from '#contract/index.ts';
import { audit } from './audit.ts';
import type { Database } from '../db/database.ts';
import { addSigningKey, retireSigningKey } from './keys.ts';

/** A token lives at most one idle expiry; processes re-read the key list every 30 s (server/auth/keys.ts). */
export const RETIRE_AFTER_MS = SESSION.FALLBACK_EXPIRY_MS + 30_000;

export const USAGE = `usage: npm run keys -- list
       npm run keys -- rotate
       npm run keys -- retire [KID] [--force]`;

/** Whether argv is one of the commands as USAGE gives them (checked before the database is opened). */
export function keysArgsWellFormed(argv: readonly string[]): boolean {
  const [command, ...rest] = argv.filter((a) => a !== '--force');
  const forced = argv.includes('--force');
  if (command === 'list' || command === 'rotate') return rest.length === 0 && !forced;
  return command === 'retire' && rest.length <= 1 && !rest.some((a) => a.startsWith('-'));
}

interface KeyRow {
  kid: string;
  created_at: Date;
}

/**
 * Runs one command as the operator `by` (the shell's user); answers the exit status. Lines for the operator
 * go to out, problems to err.
 */
export async function keysCommand(
  db: Database,
  argv: readonly string[],
  now: Date,
  out: (line: string) => void,
  err: (line: string) => void,
  by = 'operator',
): Promise<number> {
  if (!keysArgsWellFormed(argv)) {
    err(USAGE);
    return 2;
  }
  const force = argv.includes('--force');
  const [command, kid] = argv.filter((a) => a !== '--force');
  const live = async () =>
    (await db.query<KeyRow>('SELECT kid, created_at FROM signing_keys WHERE retired_at IS NULL ORDER BY seq DESC'))
      .rows;
  switch (command) {
    case 'list': {
      const keys = await live();
      keys.forEach((k, i) =>
        out(`${k.kid}  created ${new Date(k.created_at).toISOString()}${i === 0 ? '  (signs new tokens)' : ''}`),
      );
      if (keys.length === 0) out('no live key: the server makes one when it starts');
      return 0;
    }
    case 'rotate': {
      const added = await db.transaction(async (tx) => {
        const kid = await addSigningKey(tx, now);
        await audit(tx, { event: 'signing_key_added', at: now, detail: { kid, by, via: 'command' } });
        return kid;
      });
      out(`${added} added: every process signs new tokens with it within 30 s; older keys stay valid`);
      out(
        `retire the older ones from ${new Date(now.getTime() + RETIRE_AFTER_MS).toISOString()}: npm run keys -- retire`,
      );
      return 0;
    }
    case 'retire': {
      const [newest, ...older] = await live();
      if (!newest) {
        err('no live key');
        return 1;
      }
      if (kid === newest.kid) {
        err(`${kid} is the newest key, the one that signs: rotate first`);
        return 1;
      }
      const targets = kid ? older.filter((k) => k.kid === kid) : older;
      if (kid && targets.length === 0) {
        err(`${kid} is not a live key`);
        return 1;
      }
      const safeFrom = new Date(new Date(newest.created_at).getTime() + RETIRE_AFTER_MS);
      if (!force && now < safeFrom) {
        err(
          `tokens of older keys may still be in use until ${safeFrom.toISOString()}; --force retires now (users sign in again)`,
        );
        return 1;
      }
      for (const k of targets) {
        const retired = await db.transaction(async (tx) => {
          if (!(await retireSigningKey(tx, k.kid, now))) return false;
          await audit(tx, {
            event: 'signing_key_retired',
            at: now,
            detail: { kid: k.kid, forced: force && now < safeFrom, by, via: 'command' },
          });
          return true;
        });
        if (retired) out(`${k.kid} retired: its tokens are refused within 30 s`);
      }
      if (targets.length === 0) out('nothing to retire: only the newest key is live');
      return 0;
    }
    default:
      err(USAGE);
      return 2;
  }
}

if (import.meta.main) {
  const argv = process.argv.slice(2);
  if (!keysArgsWellFormed(argv)) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  try {
    const db = await (await import('../db/command-database.ts')).openCommandDatabase();
    try {
      process.exitCode = await keysCommand(
        db,
        argv,
        new Date(),
        (line) => process.stdout.write(`${line}\n`),
        (line) => process.stderr.write(`${line}\n`),
        process.env.USER ?? 'operator',
      );
    } finally {
      await db.close();
    }
  } catch (error) {
    // One line that says why (the database is unreachable, or in use), not a stack trace.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
