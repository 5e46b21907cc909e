import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TtsVoiceListResponse } from '@flotilla/shared';
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
        completions: {
          's-1': [
            makeCompletion({
              id: 'c-1',
              sessionId: 's-1',
              answer: '**Returns** take [30 days](https://x.example) [1].',
            }),
          ],
        },
      }),
    );
    const picker = screen.getByRole('combobox', { name: 'Reading voice' });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Default voice', 'Tingting', 'Samantha']),
    );
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
});

/** A stand-in for the page's Audio elements: records what each is given and asked. */
class FakeAudio {
  static made: FakeAudio[] = [];
  src = '';
  playing = false;
  onended: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeAudio.made.push(this);
  }
  play = vi.fn(() => {
    this.playing = this.src !== '';
    return Promise.resolve();
  });
  pause = vi.fn(() => {
    this.playing = false;
  });
}

const PROVIDER: TtsVoiceListResponse = {
  provider: 'aliyun',
  voices: [
    { id: 'longxiaochun', name: '龙小淳', locale: 'zh-CN' },
    { id: 'Cherry', name: 'Cherry', locale: '' },
  ],
};

describe('reading answers aloud with the server’s provider', () => {
  beforeEach(() => {
    FakeAudio.made = [];
    vi.stubGlobal('Audio', FakeAudio);
  });

  const twoAnswers = (voices: TtsVoiceListResponse = PROVIDER) =>
    fakeChatServer({
      voices,
      sessions: [makeSession({ sessionId: 's-1' })],
      completions: {
        's-1': [
          makeCompletion({ id: 'c-2', sessionId: 's-1', answer: 'Second answer.' }),
          makeCompletion({ id: 'c-1', sessionId: 's-1', answer: '**Returns** take [30 days](https://x.example) [1].' }),
        ],
      },
    });
  const readButtons = () => screen.getAllByRole('button', { name: 'Read aloud' });
  const playing = () => FakeAudio.made.filter((audio) => audio.playing);

  it('offers its voices and plays its audio with the picked voice, one answer at a time; stop and the end stop it', async () => {
    const server = await openAnswer(twoAnswers());
    const picker = screen.getByRole('combobox', { name: 'Reading voice' });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Default voice', '龙小淳', 'Cherry']),
    );
    fireEvent.change(picker, { target: { value: 'Cherry' } });

    await act(async () => fireEvent.click(readButtons()[0]!));
    expect(server.calls('POST', /^\/v2\/tts$/).map((call) => call.body)).toEqual([
      { shareId: 'abc123', visitorId: VISITOR, text: 'Returns take 30 days.', voice: 'Cherry' },
    ]);
    await waitFor(() => expect(playing()).toHaveLength(1));
    const first = playing()[0]!;
    expect(first.src).toMatch(/^blob:/);
    expect(spoken).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Stop reading' })).toBeTruthy();

    // Another answer: the first stops, the second plays.
    await act(async () => fireEvent.click(readButtons()[0]!));
    await waitFor(() => expect(playing()).toHaveLength(1));
    const second = playing()[0]!;
    expect(second).not.toBe(first);
    expect(first.pause).toHaveBeenCalled();
    expect(server.calls('POST', /^\/v2\/tts$/).at(-1)?.body).toMatchObject({ text: 'Second answer.' });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stop reading' })));
    expect(playing()).toHaveLength(0);
    await waitFor(() => expect(readButtons()).toHaveLength(2));

    // Played to its end, the button is ready again; the default voice is the provider's (no voice sent).
    fireEvent.change(picker, { target: { value: '' } });
    await act(async () => fireEvent.click(readButtons()[1]!));
    await waitFor(() => expect(playing()).toHaveLength(1));
    expect(server.calls('POST', /^\/v2\/tts$/).at(-1)?.body).not.toHaveProperty('voice');
    await act(async () => playing()[0]!.onended?.());
    await waitFor(() => expect(readButtons()).toHaveLength(2));
  });

  it('reads with the server even where the browser cannot speak, and only then offers to', async () => {
    vi.stubGlobal('SpeechSynthesisUtterance', undefined);
    await openAnswer(twoAnswers());
    await waitFor(() => expect(readButtons()).toHaveLength(2));
    cleanup();

    await openAnswer(twoAnswers({ provider: null, voices: [] }));
    expect(screen.queryByRole('button', { name: 'Read aloud' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Reading voice' })).toBeNull();
  });

  it('tells the server’s refusal next to the answers, and can read again', async () => {
    const server = await openAnswer(twoAnswers());
    await waitFor(() =>
      expect(within(screen.getByRole('combobox', { name: 'Reading voice' })).getAllByRole('option')).toHaveLength(3),
    );
    server.failNext('POST', /^\/v2\/tts$/, {
      status: 502,
      body: { code: 'PROVIDER_ERROR', message: 'The model service failed, please try again later' },
    });

    await act(async () => fireEvent.click(readButtons()[0]!));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The model service failed, please try again later',
    );
    expect(playing()).toHaveLength(0);
    await waitFor(() => expect(readButtons()).toHaveLength(2));

    await act(async () => fireEvent.click(readButtons()[0]!));
    await waitFor(() => expect(playing()).toHaveLength(1));
  });
});

describe('speakable text', () => {
  it('leaves out Markdown marks, code, link targets and citation numbers', () => {
    expect(
      speakableText(
        '# Title\n\n- **one** and _two_ [3]\n- see [docs](https://x.example)\n\n```js\ncode()\n```\nEnd `x`.',
      ),
    ).toBe('Title\none and two\nsee docs\nEnd x.');
  });
});
