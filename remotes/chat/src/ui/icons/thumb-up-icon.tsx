import { Stroke, type IconProps } from './stroke';

export const ThumbUpIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M7 11v9H4v-9h3zm0 0 4-7a2 2 0 0 1 2 2v4h5a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 16.8 20H7" />
  </Stroke>
);
