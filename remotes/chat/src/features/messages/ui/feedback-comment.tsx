import { CHAT_LIMITS, useT, type FeedbackValue } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useId, useState, type FormEvent } from 'react';
import type { ChatTarget } from '../../chat/chat-target';
import type { ChatPair } from '../lib/pairs';
import { feedbackGiven, sendFeedbackFx } from '../messages.model';

/** The optional comment that goes with a like or dislike. */
export function FeedbackComment({
  pair,
  feedback,
  target,
  onClose,
}: {
  pair: ChatPair & { id: string };
  feedback: FeedbackValue;
  target: ChatTarget;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const [given, pending] = useUnit([feedbackGiven, sendFeedbackFx.pending]);
  const [text, setText] = useState(pair.feedbackText);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    given({ target, id: pair.id, feedback, text: text.trim() });
    onClose();
  };
  return (
    <form className="flc-comment" onSubmit={submit}>
      <label className="flc-comment__label" htmlFor={id}>
        {feedback === 'like' ? t('chat.feedback.likeComment') : t('chat.feedback.dislikeComment')}
      </label>
      <textarea
        id={id}
        className="flc-comment__input"
        rows={2}
        maxLength={CHAT_LIMITS.feedbackLength}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flc-comment__actions">
        <button type="submit" className="flc-text-button" disabled={pending}>
          {t('chat.feedback.send')}
        </button>
        <button type="button" className="flc-text-button flc-text-button--muted" onClick={onClose}>
          {t('chat.feedback.skip')}
        </button>
      </div>
    </form>
  );
}
