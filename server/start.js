/**
 * The server's entry point (`npm start`), in plain JavaScript on purpose: it turns Node's compile cache on
 * before the first TypeScript module loads. Node strips TypeScript's types with a WebAssembly parser that it
 * loads on first use and keeps, about 18 MB of the server's memory; with the cache on first, a restart takes
 * every module already stripped and compiled from the cache, and the parser never loads
 * (docs/decisions/0047-one-plain-server.md). server/main.ts does the rest, and runs by
 * itself too (with the parser).
 */
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./main.ts');
