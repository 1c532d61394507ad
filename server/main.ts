import { enableCompileCache, flushCompileCache } from 'node:module';

// A restart reuses what V8 compiled last time (our TypeScript, already stripped, and node_modules) from
// Node's on-disk cache instead of parsing and compiling every module again: it halves the time to load the
// server's modules. It must be on before they load, hence the dynamic imports below. npm start runs
// server/start.js, which turns it on before this file loads too (then this call does nothing). NODE_COMPILE_CACHE
// picks another directory, NODE_DISABLE_COMPILE_CACHE=1 turns it off (docs/decisions/0047-one-plain-server.md).
enableCompileCache();

const { buildApp } = await import('./app.ts');
const { partLines, writeBanner } = await import('./banner.ts');
const { ConfigError, demoAccountsRefusal, loadConfig } = await import('./config.ts');
const { openDatabase } = await import('./db/open.ts');
const { DEMO_ACCOUNTS, DEMO_OFFICERS, DEMO_PASSWORD, demoAccountsIn } = await import('./db/seed.ts');
const { scannerFromConfig, scanningLine } = await import('./documents/scanner.ts');
const { installedFallbacks, pdfFontsLine } = await import('./pdf/fonts.ts');

/** Builds, listens, and shuts down gracefully. Everything else lives in app.ts. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { start: true });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  const { db, applied, seeded } = await openDatabase(config, { seed: true });
  // A database first run without NODE_ENV=production (or seeded with SEED_DEMO=1) holds the demo accounts,
  // whose password is in the README: a production start must not serve them (docs/decisions/0031).
  if (config.NODE_ENV === 'production' && !config.ALLOW_DEMO_ACCOUNTS) {
    const demo = await demoAccountsIn(db);
    if (demo.length > 0) {
      await db.close();
      process.stderr.write(`${demoAccountsRefusal(demo)}\n`);
      process.exit(2);
    }
  }
  const app = await buildApp({ config, db });
  if (applied.length > 0) app.log.info({ applied }, 'database migrated');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Said before the exit: a service manager records code 1 as a failure, and without this line nothing
    // told the operator why the stop took so long.
    const force = setTimeout(() => {
      app.log.warn('shutting down: still busy after 10 s, stopping without waiting further');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  // Every process sends what is due in the shared outbox (docs/decisions/0041).
  app.outbox.start();
  // With a scanner, files kept not scanned before it was configured are scanned (docs/decisions/0067):
  // counted first for the banner, read from a partial index.
  const scanner = scannerFromConfig(config);
  const waiting = scanner ? await app.rescan.waiting() : 0;
  app.rescan.start();
  // Written now rather than at exit, so a process that is killed or crashes still leaves it for the next start.
  flushCompileCache();
  const lines = [
    `PTIB e-Services is running at ${address}/`,
    `Database: ${db.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.DATA_DIR}` : 'PostgreSQL server (DATABASE_URL)'}`,
    scanningLine(scanner, config.NODE_ENV === 'production', waiting),
    ...partLines(config),
    // In production too: without the fonts the PDFs still work, with '?' for what they would print.
    pdfFontsLine(installedFallbacks),
  ];
  // Production never has them (server/db/open.ts), so it never prints their password either.
  const hasDemo = config.NODE_ENV !== 'production' && (seeded || db.kind === 'pglite' || config.SEED_DEMO);
  if (hasDemo) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.loginName.padEnd(14)} ${account.shows}`);
    for (const officer of DEMO_OFFICERS)
      lines.push(`  ${officer.loginName.padEnd(15)} back office, ${officer.roles.join(' and ')} (code in this log)`);
  }
  writeBanner(lines, process.stdout, app.log);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`PTIB e-Services could not start: ${message}\n`);
  process.exit(1);
});
