import { DeleteRobotTag, request, type Ok } from '@flotilla/shared';

/** Deletes a tag and unbinds it from every robot. */
export function deleteTag(id: string): Promise<Ok> {
  return request(DeleteRobotTag, { params: { id } });
}
