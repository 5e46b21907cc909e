/** The browser's speech synthesis, when it has one (most do; some in-app browsers do not). */
export function speechAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

/** Names of the voices the browser can speak with (they may arrive late: see `voiceschanged`). */
export function browserVoiceNames(): string[] {
  if (!speechAvailable()) return [];
  return [...new Set(window.speechSynthesis.getVoices().map((voice) => voice.name))];
}

/**
 * Reads `text` aloud, stopping whatever was being read; resolves when it ends or is stopped. The
 * voice is the browser's voice of that name when there is one, else the default voice of `lang`.
 */
export function speak(text: string, { voiceName, lang }: { voiceName: string | null; lang: string }): Promise<void> {
  if (!speechAvailable()) return Promise.resolve();
  const synthesis = window.speechSynthesis;
  synthesis.cancel();
  return new Promise((resolve) => {
    const utterance = new window.SpeechSynthesisUtterance(text);
    const voice = voiceName ? synthesis.getVoices().find((candidate) => candidate.name === voiceName) : undefined;
    if (voice) utterance.voice = voice;
    utterance.lang = voice?.lang ?? lang;
    utterance.onend = () => resolve();
    utterance.onerror = () => resolve();
    synthesis.speak(utterance);
  });
}

export function stopSpeaking(): void {
  if (speechAvailable()) window.speechSynthesis.cancel();
}
