import { GetBasicConfig, request, type BasicConfig } from '@flotilla/shared';

/** The robot's basic config (defaults when never saved). */
export function getBasicConfig(processId: string): Promise<BasicConfig> {
  return request(GetBasicConfig, { params: { processId } });
}
