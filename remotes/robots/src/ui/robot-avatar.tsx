import { Avatar } from '@flotilla/shared/ui/semi';
import type { Robot } from '@flotilla/shared';

const IMAGE_ICON = /^(https?:\/\/|data:image\/|\/)/;

/**
 * The robot's icon when it is an image, else the first letter of its name. The letter goes in as an
 * element marked up as Semi marks a text: given a string, Avatar measures it after mounting to shrink it
 * to fit (a forced layout per row of a list), and one letter always fits.
 */
export function RobotAvatar({
  robot,
  size = 'small',
}: {
  robot: Pick<Robot, 'name' | 'icon'>;
  size?: 'small' | 'default' | 'medium';
}) {
  const image = IMAGE_ICON.test(robot.icon) ? robot.icon : undefined;
  return (
    <Avatar size={size} src={image} alt={robot.name} color="light-blue" shape="square">
      {image ? undefined : (
        <span className="semi-avatar-content">
          <span className="semi-avatar-label" role="img" aria-label={robot.name}>
            {(Array.from(robot.name.trim())[0] ?? '?').toUpperCase()}
          </span>
        </span>
      )}
    </Avatar>
  );
}
