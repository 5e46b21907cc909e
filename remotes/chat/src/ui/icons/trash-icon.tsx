import { Stroke, type IconProps } from './stroke';

export const TrashIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
  </Stroke>
);
