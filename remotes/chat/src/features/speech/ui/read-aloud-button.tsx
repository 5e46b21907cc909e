import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { SpeakerIcon } from '../../../ui/icons/speaker-icon';
import type { ChatTarget } from '../../chat/chat-target';
import { speechAvailable } from '../lib/speech';
import { $speakingId, $ttsProvider, readAloudClicked } from '../speech.model';

/**
 * Reads an answer aloud, with the server's TTS provider when it has one, else the browser's speech
 * synthesis; pressed again, stops. Absent where neither can speak.
 */
export function ReadAloudButton({ target, id, text }: { target: ChatTarget; id: string; text: string }) {
  const t = useT();
  const [speakingId, provider, clicked] = useUnit([$speakingId, $ttsProvider, readAloudClicked]);
  if ((provider === null && !speechAvailable()) || !text.trim()) return null;
  const speaking = speakingId === id;
  return (
    <button
      type="button"
      className="flc-icon-button"
      aria-pressed={speaking}
      aria-label={speaking ? t('chat.actions.stopReading') : t('chat.actions.readAloud')}
      title={speaking ? t('chat.actions.stopReading') : t('chat.actions.readAloud')}
      onClick={() => clicked({ target, id, text })}
    >
      <SpeakerIcon size={18} />
    </button>
  );
}
