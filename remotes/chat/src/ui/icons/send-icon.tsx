import { Stroke, type IconProps } from './stroke';

export const SendIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M4 12 20 4l-6 16-3-7-7-1z" />
  </Stroke>
);
