import { useT, type FeedbackValue } from '@flotilla/shared';
import { useStoreMap, useUnit } from 'effector-react';
import { useState } from 'react';
import { ThumbDownIcon } from '../../../ui/icons/thumb-down-icon';
import { ThumbUpIcon } from '../../../ui/icons/thumb-up-icon';
import { TrashIcon } from '../../../ui/icons/trash-icon';
import { chatKeyOf, type ChatTarget } from '../../chat/chat-target';
import { ReadAloudButton } from '../../speech/ui/read-aloud-button';
import type { ChatPair } from '../lib/pairs';
import { $conversations, deletePairConfirmed, feedbackGiven } from '../messages.model';
import { CopyButton } from './copy-button';
import { FeedbackComment } from './feedback-comment';

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
      {saved && commenting && (
        <FeedbackComment pair={saved} feedback={commenting} target={target} onClose={() => setCommenting(null)} />
      )}
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
