import { Tooltip } from '@flotilla/shared/ui/semi';
import { useState, type ReactElement } from 'react';

/** The button and, over it, the tooltip's anchor; clicks go through the anchor to the button. */
const actionBox = { position: 'relative', display: 'inline-flex' } as const;
const tooltipAnchor = { position: 'absolute', inset: 0, pointerEvents: 'none' } as const;

/**
 * An icon button with its name as accessible name and, while pointed at or focused, as tooltip. The
 * tooltip mounts the first time the pointer or focus reaches the button: a Semi Tooltip per button, five
 * a row, was a good part of the list's first render. It sits beside the button, over it, so the button
 * itself never re-mounts (no click or focus is lost).
 */
export function Action({ label, button }: { label: string; button: ReactElement }) {
  const [open, setOpen] = useState(false);
  const [armed, setArmed] = useState(false);
  const show = () => {
    setArmed(true);
    setOpen(true);
  };
  const hide = () => setOpen(false);
  return (
    <span style={actionBox} onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {button}
      {armed && (
        <Tooltip content={label} trigger="custom" visible={open}>
          <span style={tooltipAnchor} />
        </Tooltip>
      )}
    </span>
  );
}
