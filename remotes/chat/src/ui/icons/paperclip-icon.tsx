import { Stroke, type IconProps } from './stroke';

export const PaperclipIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M20 11.5 12.2 19.3a5 5 0 0 1-7.1-7.1l8.1-8.1a3.4 3.4 0 0 1 4.8 4.8l-8.1 8.1a1.7 1.7 0 0 1-2.4-2.4l7.4-7.4" />
  </Stroke>
);
