import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerStatic } from './plugins/static.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { healthRoutes } from './routes/health.ts';
import { configRoutes } from './routes/config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
  }
}

/** Never log a secret: tokens, cookies, passwords, one-time codes and encrypted payloads. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.otp',
  '*.code',
  '*.wrappedKey',
  '*.cipher',
];

export interface BuildOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole server (plugins in a fixed order: infrastructure, then routes). Does not listen. */
export async function buildApp({ config, db, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL, redact: { paths: LOG_REDACT, censor: '[redacted]' } },
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY ?? false,
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.addHook('onClose', async () => {
    await db.close();
  });

  await registerSecurityHeaders(app, config.API_BASE);
  const sendSpa404 = await registerStatic(app, config.WEB_DIST);
  registerErrorHandling(app, config.API_BASE, sendSpa404);

  await app.register(healthRoutes);
  const apiPrefix = config.API_BASE === '/' ? '' : config.API_BASE;
  await app.register(configRoutes, { prefix: apiPrefix });
  return app;
}
