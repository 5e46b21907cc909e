import { request, UpdateBasicConfig, type BasicConfig, type UpdateBasicConfigBody } from '@flotilla/shared';

/** Changes the fields given of the robot's basic config; answers the whole config. */
export function updateBasicConfig({
  processId,
  body,
}: {
  processId: string;
  body: UpdateBasicConfigBody;
}): Promise<BasicConfig> {
  return request(UpdateBasicConfig, { params: { processId }, body, inline: true });
}
