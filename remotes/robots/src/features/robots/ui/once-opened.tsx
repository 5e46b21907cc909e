import { Suspense, useState, type ReactNode } from 'react';

/** Renders `children` from the first time `open` holds, and keeps them after, so a dialog closes with its animation. */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
