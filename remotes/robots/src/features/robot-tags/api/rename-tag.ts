import { RenameRobotTag, request, type RobotTag } from '@flotilla/shared';

/** Renames a tag (every robot bound to it shows the new name); 409 when the name is taken. */
export function renameTag({ id, name }: { id: string; name: string }): Promise<RobotTag> {
  return request(RenameRobotTag, { params: { id }, query: { name }, inline: true });
}
