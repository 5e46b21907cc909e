import type { ReactNode } from 'react';

export type IconProps = { size?: number };

/**
 * A 24×24 stroke icon, hidden from assistive technology (its button carries the label). Icons are inline
 * SVG: no icon library on the public page, where every KB counts on phones.
 */
export function Stroke({ size = 20, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
