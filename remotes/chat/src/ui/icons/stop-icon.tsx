import { Stroke, type IconProps } from './stroke';

export const StopIcon = (props: IconProps) => (
  <Stroke {...props}>
    <rect x="7" y="7" width="10" height="10" rx="1.5" fill="currentColor" />
  </Stroke>
);
