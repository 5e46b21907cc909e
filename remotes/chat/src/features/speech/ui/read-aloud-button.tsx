import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { SpeakerIcon } from '../../../ui/icons';
import { speechAvailable } from '../lib/speech';
import { $speakingId, readAloudClicked } from '../speech.model';

/** Reads an answer aloud with the browser's speech synthesis; pressed again, stops. Absent where there is none. */
export function ReadAloudButton({ id, text }: { id: string; text: string }) {
  const t = useT();
  const [speakingId, clicked] = useUnit([$speakingId, readAloudClicked]);
  if (!speechAvailable() || !text.trim()) return null;
  const speaking = speakingId === id;
  return (
    <button
      type="button"
      className="flc-icon-button"
      aria-pressed={speaking}
      aria-label={speaking ? t('chat.actions.stopReading') : t('chat.actions.readAloud')}
      title={speaking ? t('chat.actions.stopReading') : t('chat.actions.readAloud')}
      onClick={() => clicked({ id, text })}
    >
      <SpeakerIcon size={18} />
    </button>
  );
}
