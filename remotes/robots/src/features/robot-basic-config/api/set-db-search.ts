import { DisableDbSearch, EnableDbSearch, request, type BasicConfig } from '@flotilla/shared';

/** Lets the robot query its databases, or stops it; answers the whole config. */
export function setDbSearch({ processId, enabled }: { processId: string; enabled: boolean }): Promise<BasicConfig> {
  return request(enabled ? EnableDbSearch : DisableDbSearch, { params: { processId } });
}
