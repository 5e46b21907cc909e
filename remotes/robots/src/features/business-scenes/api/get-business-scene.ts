import { GetBusinessScene, request, type BusinessScene } from '@flotilla/shared';

/** A scene robot's template and form values. */
export function getBusinessScene(processId: string): Promise<BusinessScene> {
  return request(GetBusinessScene, { params: { processId } });
}
