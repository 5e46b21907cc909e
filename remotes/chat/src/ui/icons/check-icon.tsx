import { Stroke, type IconProps } from './stroke';

export const CheckIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="m5 12 5 5 9-10" />
  </Stroke>
);
