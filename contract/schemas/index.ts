/**
 * The contract's zod schemas: request and response bodies. The server validates with them; the web
 * app imports them only from lazily loaded screens (zod would double the first load).
 */
export * from './envelope.ts';
export * from './config.ts';
export * from './auth.ts';
export * from './site.ts';
export * from './eservices.ts';
export * from './crypto.ts';
export * from './otp.ts';
export * from './saml.ts';
export * from './documents.ts';
export * from './notifications.ts';
export * from './query.ts';
