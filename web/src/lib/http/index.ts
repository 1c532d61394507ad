/** The web app's one HTTP layer (see client.ts). */
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
export { useAbortSignal } from './useAbortSignal.ts';
export type { ApiFailure, ApiResult, ApiSuccess, CallOptions, SessionEnd } from './types.ts';
export { getClockSkew as getServerClockSkew } from '../session/clock.ts';
