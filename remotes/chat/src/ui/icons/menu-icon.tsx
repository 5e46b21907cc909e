import { Stroke, type IconProps } from './stroke';

export const MenuIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Stroke>
);
