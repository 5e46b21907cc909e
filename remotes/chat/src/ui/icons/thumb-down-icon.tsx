import { Stroke, type IconProps } from './stroke';

export const ThumbDownIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M17 13V4h3v9h-3zm0 0-4 7a2 2 0 0 1-2-2v-4H6a2 2 0 0 1-2-2.3l1.2-6A2 2 0 0 1 7.2 4H17" />
  </Stroke>
);
