import { http, type RobotTag } from '@flotilla/shared';

/** `POST /v1/processes/tag/{id}?name=`: renames a tag (every robot bound to it shows the new name); 409 when the name is taken. */
export function renameTag({ id, name }: { id: string; name: string }): Promise<RobotTag> {
  return http.post<RobotTag>(`/v1/processes/tag/${encodeURIComponent(id)}`, { query: { name }, inline: true });
}
