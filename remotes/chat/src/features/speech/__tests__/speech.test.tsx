import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeChatServer, makeCompletion, makeSession } from '../../../test-utils/fake-chat-server';
import { renderStandalone, VISITOR } from '../../../test-utils/render-chat';
import { speakableText } from '../lib/speakable-text';

/** A stand-in for the browser's speech synthesis: records what it is asked to say. */
class FakeUtterance {
  voice: { name: string; lang: string } | null = null;
  lang = '';
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly text: string) {}
}

const browserVoices = [
  { name: 'Tingting', lang: 'zh-CN' },
  { name: 'Samantha', lang: 'en-US' },
];
let spoken: FakeUtterance[] = [];
const synthesis = {
  getVoices: () => browserVoices,
  speak: vi.fn((utterance: FakeUtterance) => spoken.push(utterance)),
  cancel: vi.fn(() => {
    const current = spoken.at(-1);
    current?.onend?.();
  }),
  addEventListener: vi.fn(),
  removeEventListener: vi.fn(),
};

beforeEach(() => {
  spoken = [];
  vi.stubGlobal('speechSynthesis', synthesis);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

async function openAnswer(server: ReturnType<typeof fakeChatServer>) {
  renderStandalone('/chat/abc123', { visitor: VISITOR });
  const session = await screen.findByRole('button', { name: 'Session s-1' });
  await act(async () => session.click());
  await screen.findAllByTestId('answer');
  return server;
}

describe('reading answers aloud', () => {
  it('offers the browser’s voices when the server has none, and reads the answer as words', async () => {
    const server = await openAnswer(
      fakeChatServer({
        sessions: [makeSession({ sessionId: 's-1' })],
        completions: { 's-1': [makeCompletion({ id: 'c-1', sessionId: 's-1', answer: '**Returns** take [30 days](https://x.example) [1].' })] },
      }),
    );
    const picker = screen.getByRole('combobox', { name: 'Reading voice' });
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Default voice', 'Tingting', 'Samantha']));
    expect(server.calls('GET', /tts\/voice$/)).toHaveLength(1);

    fireEvent.change(picker, { target: { value: 'Samantha' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    });

    expect(spoken).toHaveLength(1);
    expect(spoken[0].text).toBe('Returns take 30 days.');
    expect(spoken[0].voice?.name).toBe('Samantha');
    expect(screen.getByRole('button', { name: 'Stop reading' }).getAttribute('aria-pressed')).toBe('true');

    // Pressed again: it stops.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop reading' }));
    });
    expect(synthesis.cancel).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Read aloud' })).toBeTruthy());
  });

  it('offers the TTS provider’s voices by name when the server lists some, speaking their language', async () => {
    await openAnswer(
      fakeChatServer({
        voices: { provider: 'aliyun', voices: [{ id: 'v1', name: 'Xiaoyun', locale: 'zh-CN' }] },
        sessions: [makeSession({ sessionId: 's-1' })],
        completions: { 's-1': [makeCompletion({ id: 'c-1', sessionId: 's-1' })] },
      }),
    );
    const picker = screen.getByRole('combobox', { name: 'Reading voice' });
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Default voice', 'Xiaoyun']));

    fireEvent.change(picker, { target: { value: 'Xiaoyun' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    });
    expect(spoken[0].lang).toBe('zh-CN');
  });
});

describe('speakable text', () => {
  it('leaves out Markdown marks, code, link targets and citation numbers', () => {
    expect(speakableText('# Title\n\n- **one** and _two_ [3]\n- see [docs](https://x.example)\n\n```js\ncode()\n```\nEnd `x`.')).toBe('Title\none and two\nsee docs\nEnd x.');
  });
});
