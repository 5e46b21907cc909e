import { Component, type ReactNode } from 'react';
import { translate } from '@flotilla/shared';
import { routeProgress } from '../progress/route-progress';

/**
 * Catches a failure to load the console's own chunk (network, new deployment): without it React
 * would unmount the whole page. Plain HTML, since the failed chunk may be the one with Semi.
 */
export class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    routeProgress.done();
    console.error('[flotilla] the console failed to load', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="fl-full-page" role="alert">
        <span>{translate('shell.chunkFailed')}</span>
        <button type="button" className="fl-reload" onClick={() => window.location.reload()}>
          {translate('shell.reload')}
        </button>
      </div>
    );
  }
}
