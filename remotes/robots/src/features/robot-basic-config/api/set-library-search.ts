import { DisableLibrarySearch, EnableLibrarySearch, request, type BasicConfig } from '@flotilla/shared';

/** Lets the robot search its datasets, or stops it; answers the whole config. */
export function setLibrarySearch({
  processId,
  enabled,
}: {
  processId: string;
  enabled: boolean;
}): Promise<BasicConfig> {
  return request(enabled ? EnableLibrarySearch : DisableLibrarySearch, { params: { processId } });
}
