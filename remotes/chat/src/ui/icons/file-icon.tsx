import { Stroke, type IconProps } from './stroke';

export const FileIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M14 3H6v18h12V7l-4-4zM14 3v4h4" />
  </Stroke>
);
