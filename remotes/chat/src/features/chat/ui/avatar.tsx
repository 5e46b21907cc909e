import { iconOf } from '@flotilla/shared';
import { useState } from 'react';

/** What the chat shows of the share or robot: its name and icon. */
export type Face = { name: string; icon: string };

/** The share's or robot's icon; an empty circle while it is not known yet. */
export function Avatar({ face, size }: { face: Face | null; size: 'large' | 'small' }) {
  const [broken, setBroken] = useState(false);
  const icon = face && iconOf(broken ? '' : face.icon, face.name);
  return (
    <span className={`flc-avatar flc-avatar--${size}`} aria-hidden="true">
      {icon && (icon.kind === 'image' ? <img src={icon.src} alt="" onError={() => setBroken(true)} /> : icon.text)}
    </span>
  );
}
