import { Stroke, type IconProps } from './stroke';

export const CopyIcon = (props: IconProps) => (
  <Stroke {...props}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V6a2 2 0 0 1 2-2h8" />
  </Stroke>
);
