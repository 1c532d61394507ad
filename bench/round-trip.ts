/**
 * What one round trip to PostgreSQL costs on this machine, apart from any work the statement does: a
 * throwaway cluster, one connection, a trivial prepared statement sent again and again, one after the other
 * (as a server's calls send theirs). Wall time, and the CPU of this process and of the backend serving the
 * connection, a round trip. Context for the open loop (RESULTS.md): there, every call is one or two such
 * round trips on top of its work.
 *
 *   npm run bench:round-trip -- [--count=20000]
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { startCluster } from '../scripts/lib/postgres-cluster.ts';
import { args, newResult, report, round } from './lib/results.ts';

/** CPU time (user + system) of a process so far, in ms: /proc/<pid>/stat counts clock ticks of 10 ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const count = Number(args().get('count') ?? 20_000);
const cluster = await startCluster();
try {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const trip = (i: number) => client.query({ name: 'trip', text: 'SELECT $1::int AS n', values: [i] });
  for (let i = 0; i < 2_000; i++) await trip(i); // warm: prepared, and V8 and the backend settled
  const mine = process.cpuUsage();
  const theirs = cpuMs(backend);
  const started = performance.now();
  for (let i = 0; i < count; i++) await trip(i);
  const wallMs = performance.now() - started;
  const own = process.cpuUsage(mine);
  const backendMs = cpuMs(backend) - theirs;
  await client.end();

  const result = newResult(
    'round-trip',
    'One round trip to PostgreSQL',
    `npm run bench:round-trip -- --count=${count}`,
  );
  const perTrip = (ms: number) => round((ms * 1000) / count);
  result.figures.push(
    { name: 'wall time a round trip', value: perTrip(wallMs), unit: 'µs' },
    {
      name: 'this process: CPU a round trip (user + system)',
      value: perTrip((own.user + own.system) / 1000),
      unit: 'µs',
    },
    { name: 'of which system', value: perTrip(own.system / 1000), unit: 'µs' },
    { name: 'the backend: CPU a round trip', value: perTrip(backendMs), unit: 'µs' },
  );
  result.notes!.push(`${count} round trips of a prepared SELECT $1::int, one after the other, on loopback TCP`);
  report(result);
} finally {
  cluster.destroy();
}
