import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { $locale, toFailure, TTS_LIMITS, type TtsVoice } from '@flotilla/shared';
import { chatKeyOf, type ChatTarget } from '../chat/chat-target';
import { updateKeyed } from '../chat/lib/keyed';
import { $conversations, INITIAL_CONVERSATION } from '../messages/messages.model';
import { getTtsVoices } from './api/get-tts-voices';
import { synthesizeSpeech } from './api/synthesize-speech';
import { playAudio, stopAudio } from './lib/server-audio';
import { speak, stopSpeaking } from './lib/speech';
import { speakableText, withinLength } from './lib/speakable-text';

/** A voice the picker offers: a provider voice by id, or a browser voice by name. */
export type VoiceOption = { value: string; label: string };

/** A chat appeared: the voices to pick from are asked for (once). */
export const voicesNeeded = createEvent();
/** The browser's own voices are known, or changed (`voiceschanged`). */
export const browserVoicesChanged = createEvent<string[]>();
/** The chatter picked a voice (a {@link VoiceOption} value; empty: the default voice). */
export const voicePicked = createEvent<string>();
/** The chatter pressed "Read aloud" on an answer (pressing it again while it is read stops it). */
export const readAloudClicked = createEvent<{ target: ChatTarget; id: string; text: string }>();

export const loadTtsVoicesFx = createEffect(getTtsVoices);
/** The browser reads an answer aloud. */
export const speakFx = createEffect(
  ({ text, voiceName, lang }: { id: string; text: string; voiceName: string | null; lang: string }) =>
    speak(speakableText(text), { voiceName, lang }),
);
/** The server's TTS provider reads an answer aloud; fails when the server refuses. */
export const playServerSpeechFx = createEffect(
  ({ target, text, voice }: { target: ChatTarget; id: string; text: string; voice: string | null }) =>
    playAudio((signal) =>
      synthesizeSpeech(target, { text: withinLength(speakableText(text), TTS_LIMITS.textLength), voice }, signal),
    ),
);
export const stopReadingFx = createEffect(() => {
  stopSpeaking();
  stopAudio();
});

/** The TTS provider's voices; `null` until the server answered (a failure counts as none). */
export const $ttsVoices = createStore<TtsVoice[] | null>(null, { skipVoid: false })
  .on(loadTtsVoicesFx.doneData, (_, { voices }) => voices)
  .on(loadTtsVoicesFx.fail, () => []);
/** The provider the server reads aloud with; `null` (none, or not known yet): the browser reads. */
export const $ttsProvider = createStore<string | null>(null, { skipVoid: false }).on(
  loadTtsVoicesFx.doneData,
  (_, { provider, voices }) => (voices.length > 0 ? provider : null),
);
export const $browserVoices = createStore<string[]>([]).on(browserVoicesChanged, (_, names) => names);
/** What the voice picker offers: the provider's voices when the server reads, else the browser's. */
export const $voiceOptions = combine(
  $ttsProvider,
  $ttsVoices,
  $browserVoices,
  (provider, tts, browser): VoiceOption[] =>
    provider !== null && tts
      ? tts.map((voice) => ({ value: voice.id, label: voice.name }))
      : browser.map((name) => ({ value: name, label: name })),
);
/** The voice picked; `null` is the default voice (the provider's first, or the browser's for the chat's language). */
export const $voice = createStore<string | null>(null, { skipVoid: false })
  .on(voicePicked, (_, value) => value || null)
  // A voice picked before the provider's were known was the browser's.
  .reset(loadTtsVoicesFx.done);
/** The answer being read aloud. */
export const $speakingId = createStore<string | null>(null, { skipVoid: false })
  .on([speakFx, playServerSpeechFx], (_, { id }) => id)
  .on([speakFx.finally, playServerSpeechFx.finally], (speaking, { params }) =>
    speaking === params.id ? null : speaking,
  )
  .on(stopReadingFx, () => null);

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
sample({ clock: readAloudToggled, filter: ({ stop }) => stop, fn: () => undefined, target: stopReadingFx });
sample({
  clock: readAloudToggled,
  source: { voice: $voice, provider: $ttsProvider },
  filter: ({ provider }, { stop }) => !stop && provider !== null,
  fn: ({ voice }, { target, id, text }) => ({ target, id, text, voice }),
  target: playServerSpeechFx,
});
sample({
  clock: readAloudToggled,
  source: { voice: $voice, provider: $ttsProvider, locale: $locale },
  filter: ({ provider }, { stop }) => !stop && provider === null,
  fn: ({ voice, locale }, { id, text }) => ({ id, text, voiceName: voice, lang: locale }),
  target: speakFx,
});

// The server's refusal (rate limit, provider down) is told where the answer is.
sample({
  clock: playServerSpeechFx.fail,
  source: $conversations,
  fn: (all, { params: { target }, error }) =>
    updateKeyed(all, chatKeyOf(target), INITIAL_CONVERSATION, (state) => ({ ...state, notice: toFailure(error) })),
  target: $conversations,
});
