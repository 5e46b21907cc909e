import type { ReactNode } from 'react';

/** The conversation's scroll area while the chat is not ready: the same box, with only the welcome. */
export function PendingMessages({ intro, label, asMain }: { intro: ReactNode; label: string; asMain: boolean }) {
  const Area = asMain ? 'main' : 'section';
  return (
    <Area className="flc-messages" aria-label={label} aria-busy="true">
      {intro}
    </Area>
  );
}
