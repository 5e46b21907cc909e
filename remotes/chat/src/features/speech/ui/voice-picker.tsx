import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useEffect, useId } from 'react';
import { browserVoiceNames, speechAvailable } from '../lib/speech';
import { $ttsProvider, $voice, $voiceOptions, browserVoicesChanged, voicePicked } from '../speech.model';

/**
 * The voice answers are read aloud with: the TTS provider's voices when the server names some, else
 * the browser's own (which some browsers list only after `voiceschanged`).
 */
export function VoicePicker() {
  const t = useT();
  const id = useId();
  const [options, voice, provider, picked, voicesChanged] = useUnit([
    $voiceOptions,
    $voice,
    $ttsProvider,
    voicePicked,
    browserVoicesChanged,
  ]);
  useEffect(() => {
    if (!speechAvailable()) return;
    const read = () => voicesChanged(browserVoiceNames());
    read();
    window.speechSynthesis.addEventListener?.('voiceschanged', read);
    return () => window.speechSynthesis.removeEventListener?.('voiceschanged', read);
  }, [voicesChanged]);
  if (provider === null && !speechAvailable()) return null;
  return (
    <div className="flc-voice">
      <label className="flc-voice__label" htmlFor={id}>
        {t('chat.voice.label')}
      </label>
      <select
        id={id}
        className="flc-voice__select"
        value={voice ?? ''}
        onChange={(event) => picked(event.target.value)}
      >
        <option value="">{t('chat.voice.default')}</option>
        {options.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
