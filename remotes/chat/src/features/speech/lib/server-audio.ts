/** The audio being played, if any. */
let playing: { stop: () => void } | null = null;

/**
 * Plays the mp3 that `load` fetches, stopping whatever this played before. Resolves when it has played,
 * was stopped (which aborts `load`) or could not be played; rejects when `load` fails.
 */
export function playAudio(load: (signal: AbortSignal) => Promise<Blob>): Promise<void> {
  playing?.stop();
  const audio = new Audio();
  // Played inside the click, the element may play later, once its audio has arrived (iOS allows no other way).
  audio.play().catch(() => undefined);
  const loading = new AbortController();
  let url: string | null = null;
  return new Promise<void>((resolve, reject) => {
    const release = () => {
      if (playing === self) playing = null;
      loading.abort();
      audio.pause();
      if (url) URL.revokeObjectURL(url);
    };
    const end = () => {
      release();
      resolve();
    };
    const self = { stop: end };
    playing = self;
    audio.onended = end;
    audio.onerror = end;
    load(loading.signal).then(
      (blob) => {
        if (loading.signal.aborted) return;
        url = URL.createObjectURL(blob);
        audio.src = url;
        audio.play().catch(end);
      },
      (error: unknown) => {
        if (loading.signal.aborted) return;
        release();
        reject(error);
      },
    );
  });
}

/** Stops the audio {@link playAudio} plays, or is fetching. */
export function stopAudio(): void {
  playing?.stop();
}
