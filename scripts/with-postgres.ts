/**
 * Runs a command against a real PostgreSQL server: TEST_DATABASE_URL when given, else a throwaway
 * cluster (scripts/lib/postgres-cluster.ts), removed after.
 */
import { spawn } from 'node:child_process';
import { startCluster } from './lib/postgres-cluster.ts';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node scripts/with-postgres.ts COMMAND [ARGS…]');
  process.exit(2);
}

function run(env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd!, args, { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  if (process.env.TEST_DATABASE_URL) return run(process.env);
  const cluster = await startCluster();
  try {
    console.log(`PostgreSQL test server on 127.0.0.1:${cluster.port}`);
    return await run({ ...process.env, TEST_DATABASE_URL: cluster.url });
  } finally {
    cluster.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
