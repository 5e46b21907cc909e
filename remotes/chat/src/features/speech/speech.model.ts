import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { $locale, type TtsVoiceListResponse } from '@flotilla/shared';
import { getTtsVoices } from './api/get-tts-voices';
import { speak, stopSpeaking } from './lib/speech';
import { speakableText } from './lib/speakable-text';

type TtsVoice = TtsVoiceListResponse['voices'][number];

/** A chat appeared: the voices to pick from are asked for (once). */
export const voicesNeeded = createEvent();
/** The browser's own voices are known, or changed (`voiceschanged`). */
export const browserVoicesChanged = createEvent<string[]>();
/** The chatter picked a voice. */
export const voicePicked = createEvent<string>();
/** The chatter pressed "Read aloud" on an answer (pressing it again while it is read stops it). */
export const readAloudClicked = createEvent<{ id: string; text: string }>();

export const loadTtsVoicesFx = createEffect(getTtsVoices);
export const speakFx = createEffect(({ text, voiceName, lang }: { id: string; text: string; voiceName: string | null; lang: string }) =>
  speak(speakableText(text), { voiceName, lang }),
);
export const stopSpeakingFx = createEffect(stopSpeaking);

/** The TTS provider's voices; `null` until the server answered (a failure counts as none). */
export const $ttsVoices = createStore<TtsVoice[] | null>(null, { skipVoid: false })
  .on(loadTtsVoicesFx.doneData, (_, { voices }) => voices)
  .on(loadTtsVoicesFx.fail, () => []);
export const $browserVoices = createStore<string[]>([]).on(browserVoicesChanged, (_, names) => names);
/** What the voice picker offers: the provider's voices by name when it has some, else the browser's. */
export const $voiceOptions = combine($ttsVoices, $browserVoices, (tts, browser) => (tts && tts.length > 0 ? tts.map((voice) => voice.name) : browser));
/** The voice picked; `null` is the browser's default voice for the chat's language. */
export const $voiceName = createStore<string | null>(null, { skipVoid: false }).on(voicePicked, (_, name) => name || null);
/** The answer being read aloud. */
export const $speakingId = createStore<string | null>(null, { skipVoid: false })
  .on(speakFx, (_, { id }) => id)
  .on(speakFx.finally, (speaking, { params }) => (speaking === params.id ? null : speaking))
  .on(stopSpeakingFx, () => null);

sample({
  clock: voicesNeeded,
  source: { voices: $ttsVoices, pending: loadTtsVoicesFx.pending },
  filter: ({ voices, pending }) => voices === null && !pending,
  fn: () => undefined,
  target: loadTtsVoicesFx,
});

/** Reading aloud starts, or stops when the answer pressed is the one being read. */
const readAloudToggled = sample({
  clock: readAloudClicked,
  source: $speakingId,
  fn: (speaking, clicked) => ({ ...clicked, stop: speaking === clicked.id }),
});
sample({ clock: readAloudToggled, filter: ({ stop }) => stop, fn: () => undefined, target: stopSpeakingFx });
sample({
  clock: readAloudToggled,
  source: { voiceName: $voiceName, tts: $ttsVoices, locale: $locale },
  filter: (_, { stop }) => !stop,
  // A provider voice speaks its own language; the browser's default voice the chat's.
  fn: ({ voiceName, tts, locale }, { id, text }) => ({
    id,
    text,
    voiceName,
    lang: tts?.find((voice) => voice.name === voiceName)?.locale ?? locale,
  }),
  target: speakFx,
});
