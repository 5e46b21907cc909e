import { useT } from '@flotilla/shared';

/** A light loading screen (no Semi) for the moments before the console's layout is there. */
export function FullPageLoading() {
  const t = useT();
  return (
    <div className="fl-full-page" role="status" aria-live="polite">
      <span className="fl-spinner" aria-hidden="true" />
      <span>{t('shell.loading')}</span>
    </div>
  );
}
