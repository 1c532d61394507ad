/**
 * The web app's one HTTP layer (see client.ts). The first load imports this module, so what it exports is
 * first-load code (docs/decisions/0038): the screens' hooks (useAbortSignal.ts, useLoad.ts) are imported
 * from their own modules.
 */
export {
  api,
  contactPhone,
  loadHttpConfig,
  loadPublicConfig,
  resetHttpClient,
  systemDifficultiesMessage,
  type HttpConfig,
} from './client.ts';
export { configureHttp, httpSettings, resetHttpSettings, type HttpSettings } from './settings.ts';
export { callsInFlight } from './inflight.ts';
export type { ApiFailure, ApiResult, ApiSuccess, CallOptions, SessionEnd } from './types.ts';
export { getClockSkew as getServerClockSkew } from '../session/clock.ts';
