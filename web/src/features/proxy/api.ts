import { API_PATHS } from '#contract/index.ts';
import type { MasterPtibEntry } from '#contract/schemas/auth.ts';
import { CallFailed } from '../../lib/catalogue.ts';
import { api } from '../../lib/http/index.ts';

export { CallFailed };

// The dashboard's proxy panel comes with the sign-in journey's code, which loads no zod: the schemas load
// on a master user's first call (docs/decisions/0052).
const schemas = () => import('#contract/schemas/auth.ts');

/** POST /01-01-01/retrieveMasterPTIBList: the profiles a master user may act for. */
export async function fetchMasterList(signal?: AbortSignal): Promise<MasterPtibEntry[]> {
  const result = await api.post<unknown>(API_PATHS.retrieveMasterPTIBList, undefined, { signal });
  if (!result.ok) throw new CallFailed(result);
  return (await schemas()).masterListResponseSchema.parse(result.responseJSON).masterPTIBList;
}

/** POST /01-01-01/switchProxyProfile: act for a profile of the list, or '' for myself. */
export async function switchProxyProfile(ptibProfileID: string): Promise<string> {
  const result = await api.post<unknown>(API_PATHS.switchProxyProfile, { ptibProfileID }, { block: true });
  if (!result.ok) throw new CallFailed(result);
  return (await schemas()).switchProxyResponseSchema.parse(result.responseJSON).ptibProfileID;
}
