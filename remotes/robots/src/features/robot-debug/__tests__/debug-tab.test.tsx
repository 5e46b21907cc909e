import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerWidgetLoader, type WidgetLoader } from '@flotilla/shared/ui';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeRobotsApi, makeRobot } from '../../../test/fake-robots-api';

let unregister: (() => void) | null = null;

afterEach(() => {
  cleanup();
  unregister?.();
  unregister = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Stands in for the chat remote's ./ChatPanel. */
function FakeChatPanel({ processId }: { processId: string }) {
  return <p data-testid="chat-panel">Chat panel for {processId}</p>;
}

function register(loader: WidgetLoader) {
  const spy = vi.fn(loader);
  unregister = registerWidgetLoader(spy);
  return spy;
}

async function openDebug() {
  const robot = makeRobot({ name: 'Concierge' });
  fakeRobotsApi([robot]);
  renderInShell(<App />, { path: `/ai/${robot.processId}/detail`, scope: testScope('operator') });
  fireEvent.click(await screen.findByRole('tab', { name: 'Debug' }));
  return robot;
}

describe('debug tab', () => {
  it("mounts the chat remote's ChatPanel through the shell's loader with the robot's id", async () => {
    const loader = register(async () => ({ default: FakeChatPanel }));
    const robot = await openDebug();
    expect((await screen.findByTestId('chat-panel')).textContent).toBe(`Chat panel for ${robot.processId}`);
    expect(loader).toHaveBeenCalledWith('chat', './ChatPanel', { retry: false });
    expect(screen.getByRole('region', { name: 'Debug chat' }).contains(screen.getByTestId('chat-panel'))).toBe(true);
  });

  it('shows the error with Retry in the tab only when the chat remote is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const loader = register(async () => {
      if (down) throw new Error('FLOTILLA_REMOTE_MANIFEST: /remotes/chat/mf-manifest.json answered 503');
      return { default: FakeChatPanel };
    });
    await openDebug();
    expect((await screen.findByTestId('remote-error-chat/ChatPanel')).textContent).toContain('answered 503');
    expect(screen.getByRole('heading', { name: /Concierge/ })).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('chat-panel')).toBeTruthy();
    expect(loader).toHaveBeenLastCalledWith('chat', './ChatPanel', { retry: true });
  });

  it('is not offered to agents', async () => {
    register(async () => ({ default: FakeChatPanel }));
    const robot = makeRobot({ name: 'Concierge' });
    fakeRobotsApi([robot]);
    renderInShell(<App />, { path: `/ai/${robot.processId}/detail`, scope: testScope('agent') });
    expect(await screen.findByRole('tab', { name: 'Logs' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Debug' })).toBeNull();
  });
});
