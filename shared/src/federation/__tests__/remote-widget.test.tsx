import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '../../../test';
import { RemoteWidget } from '../remote-widget';
import { loadWidget, registerWidgetLoader, WIDGET_ERRORS, type WidgetLoader } from '../widget-loader';

let unregister: (() => void) | null = null;

afterEach(() => {
  cleanup();
  unregister?.();
  unregister = null;
  vi.restoreAllMocks();
});

function register(loader: WidgetLoader) {
  const spy = vi.fn(loader);
  unregister = registerWidgetLoader(spy);
  return spy;
}

function Panel({ processId }: { processId: string }) {
  return <p>Chat with {processId}</p>;
}

const renderWidget = (processId = 'p1') =>
  renderInShell(<RemoteWidget remote="chat" module="./ChatPanel" props={{ processId }} />, {
    path: '/ai/p1/detail',
    scope: testScope(),
  });

describe('loadWidget', () => {
  it('fails with a stable code when no host registered a loader', async () => {
    await expect(loadWidget('chat', './ChatPanel')).rejects.toMatchObject({ code: WIDGET_ERRORS.noLoader });
  });

  it('fails with a stable code when the module has no component', async () => {
    register(async () => ({ named: Panel }));
    await expect(loadWidget('chat', './ChatPanel')).rejects.toMatchObject({ code: WIDGET_ERRORS.badModule });
  });

  it('accepts the objects memo() and forwardRef() make', async () => {
    const memoised = { $$typeof: Symbol.for('react.memo'), type: Panel };
    register(async () => ({ default: memoised }));
    await expect(loadWidget('chat', './ChatPanel')).resolves.toEqual({ default: memoised });
  });

  it('forgets a loader once it is unregistered', async () => {
    register(async () => ({ default: Panel }));
    unregister?.();
    await expect(loadWidget('chat', './ChatPanel')).rejects.toMatchObject({ code: WIDGET_ERRORS.noLoader });
  });
});

describe('RemoteWidget', () => {
  it('loads the module through the registered loader and renders it with the props', async () => {
    const loader = register(async () => ({ default: Panel }));
    renderWidget('p42');
    expect(await screen.findByText('Chat with p42')).toBeTruthy();
    expect(loader).toHaveBeenCalledWith('chat', './ChatPanel', { retry: false });
  });

  it('shows the error with Retry in its place only, and Retry loads again for real', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = true;
    const loader = register(async () => {
      if (failing) throw new Error('RUNTIME-003 manifest 404');
      return { default: Panel };
    });
    renderWidget();
    const error = await screen.findByTestId('remote-error-chat/ChatPanel');
    expect(error.textContent).toContain('The "chat/ChatPanel" area failed to load');
    expect(error.textContent).toContain('RUNTIME-003 manifest 404');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Chat with p1')).toBeTruthy();
    expect(loader).toHaveBeenLastCalledWith('chat', './ChatPanel', { retry: true });
  });

  it('says so when it runs without a host', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWidget();
    expect((await screen.findByTestId('remote-error-chat/ChatPanel')).textContent).toContain(WIDGET_ERRORS.noLoader);
  });

  it('re-renders with new props without loading again', async () => {
    const loader = register(async () => ({ default: Panel }));
    function Host() {
      const [processId, setProcessId] = useState('p1');
      return (
        <>
          <button onClick={() => setProcessId('p2')}>Next robot</button>
          <RemoteWidget remote="chat" module="./ChatPanel" props={{ processId }} />
        </>
      );
    }
    renderInShell(<Host />, { path: '/ai/p1/detail', scope: testScope() });
    await screen.findByText('Chat with p1');
    fireEvent.click(screen.getByRole('button', { name: 'Next robot' }));
    expect(await screen.findByText('Chat with p2')).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(1);
  });
});
