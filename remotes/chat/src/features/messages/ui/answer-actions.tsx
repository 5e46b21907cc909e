import { CHAT_LIMITS, useT, type FeedbackValue } from '@flotilla/shared';
import { useStoreMap, useUnit } from 'effector-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { CheckIcon, CopyIcon, ThumbDownIcon, ThumbUpIcon, TrashIcon } from '../../../ui/icons';
import { chatKeyOf, type ChatTarget } from '../../chat/chat-target';
import { ReadAloudButton } from '../../speech/ui/read-aloud-button';
import { copyText } from '../lib/copy-text';
import type { ChatPair } from '../lib/pairs';
import { $conversations, deletePairConfirmed, feedbackGiven, sendFeedbackFx } from '../messages.model';

function CopyButton({ text }: { text: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const label = copied ? t('chat.actions.copied') : t('chat.actions.copy');
  return (
    <button
      type="button"
      className="flc-icon-button"
      aria-label={label}
      title={label}
      onClick={() => copyText(text).then(() => setCopied(true), () => undefined)}
    >
      {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
    </button>
  );
}

/** The optional comment that goes with a like or dislike. */
function FeedbackComment({ pair, feedback, target, onClose }: { pair: ChatPair & { id: string }; feedback: FeedbackValue; target: ChatTarget; onClose: () => void }) {
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

/**
 * What the chatter can do with a finished answer: copy it, read it aloud, and — once it has an id
 * on the server — like or dislike it (with an optional comment) and delete the pair (after a confirm).
 */
export function AnswerActions({ pair, target }: { pair: ChatPair; target: ChatTarget }) {
  const t = useT();
  const [given, confirmed] = useUnit([feedbackGiven, deletePairConfirmed]);
  const deleting = useStoreMap({
    store: $conversations,
    keys: [chatKeyOf(target), pair.id],
    fn: (all, [key, id]) => id !== null && (all[key]?.deletingIds.includes(id) ?? false),
  });
  const [commenting, setCommenting] = useState<FeedbackValue | null>(null);
  const [confirming, setConfirming] = useState(false);
  const saved = pair.id === null ? null : { ...pair, id: pair.id };

  const rate = (value: FeedbackValue) => {
    if (!saved) return;
    // Pressing the chosen one again takes it back.
    if (saved.feedback === value) {
      given({ target, id: saved.id, feedback: null, text: '' });
      setCommenting(null);
      return;
    }
    given({ target, id: saved.id, feedback: value, text: '' });
    setCommenting(value);
  };

  return (
    <div className="flc-actions-wrap">
      <div className="flc-actions" role="toolbar" aria-label={t('chat.actions.label')}>
        {pair.answer.trim() !== '' && <CopyButton text={pair.answer} />}
        <ReadAloudButton target={target} id={pair.localId} text={pair.answer} />
        {saved && (
          <>
            <button
              type="button"
              className="flc-icon-button"
              aria-pressed={saved.feedback === 'like'}
              aria-label={t('chat.feedback.like')}
              title={t('chat.feedback.like')}
              onClick={() => rate('like')}
            >
              <ThumbUpIcon size={18} />
            </button>
            <button
              type="button"
              className="flc-icon-button"
              aria-pressed={saved.feedback === 'dislike'}
              aria-label={t('chat.feedback.dislike')}
              title={t('chat.feedback.dislike')}
              onClick={() => rate('dislike')}
            >
              <ThumbDownIcon size={18} />
            </button>
            <button
              type="button"
              className="flc-icon-button flc-icon-button--danger"
              aria-label={t('chat.actions.delete')}
              title={t('chat.actions.delete')}
              aria-busy={deleting}
              disabled={deleting}
              onClick={() => setConfirming(true)}
            >
              <TrashIcon size={18} />
            </button>
          </>
        )}
      </div>
      {saved && commenting && <FeedbackComment pair={saved} feedback={commenting} target={target} onClose={() => setCommenting(null)} />}
      {saved && confirming && (
        <div className="flc-confirm" role="alertdialog" aria-label={t('chat.actions.deleteConfirm')}>
          <span>{t('chat.actions.deleteConfirm')}</span>
          <button
            type="button"
            className="flc-text-button flc-text-button--danger"
            onClick={() => {
              confirmed({ target, localId: saved.localId });
              setConfirming(false);
            }}
          >
            {t('chat.actions.deleteYes')}
          </button>
          <button type="button" className="flc-text-button flc-text-button--muted" onClick={() => setConfirming(false)}>
            {t('chat.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}
