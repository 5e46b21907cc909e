import { Stroke, type IconProps } from './stroke';

export const PencilIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
  </Stroke>
);
