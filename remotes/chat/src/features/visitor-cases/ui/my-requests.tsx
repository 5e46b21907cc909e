import { useT } from '@flotilla/shared';
import { useStoreMap, useUnit } from 'effector-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { afterFirstPaint } from '../lib/after-first-paint';
import { $caseUi, caseEntryShown } from '../visitor-cases.model';
import './my-requests.css';

// The list's code loads when the visitor first opens it: the chat's first paint never waits for it.
const MyRequestsPanel = lazy(() => import('./my-requests-panel'));

/**
 * "My requests" in the header of a share's chat, when the share's robot has a case form: the cases the
 * visitor's conversations opened, in a panel. Asked for after the page painted.
 */
export function MyRequests({ shareId, visitorId }: { shareId: string; visitorId: string }) {
  const t = useT();
  const shown = useUnit(caseEntryShown);
  const ui = useStoreMap({ store: $caseUi, keys: [shareId], fn: (all, [id]) => all[id] ?? null });
  const [open, setOpen] = useState(false);
  const panelId = useId();

  useEffect(() => afterFirstPaint(() => shown({ shareId })), [shown, shareId]);

  if (!ui?.enabled) return null;
  return (
    <>
      <button
        type="button"
        className="flc-requests-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        {t('chat.cases.entry')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <MyRequestsPanel
            id={panelId}
            shareId={shareId}
            visitorId={visitorId}
            fields={ui.fields}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
