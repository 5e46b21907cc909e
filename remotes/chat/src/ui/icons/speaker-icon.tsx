import { Stroke, type IconProps } from './stroke';

export const SpeakerIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M4 10v4h4l5 4V6L8 10H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
  </Stroke>
);
