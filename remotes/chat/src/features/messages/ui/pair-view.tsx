import { failureText, useT } from '@flotilla/shared';
import { memo, type ReactNode } from 'react';
import type { ChatTarget } from '../../chat/chat-target';
import { CHAT_FAILURE_WORDS } from '../../chat/lib/failure-words';
import { Markdown } from '../../markdown/ui/markdown';
import { messagesOf, type ChatPair } from '../lib/pairs';
import { AnswerActions } from './answer-actions';
import { Citations } from './citations';
import { AttachmentsOf } from './attachments-of';

/**
 * One question and its answer: the user's message, then the assistant's with its sources and
 * actions. Memoised: while an answer streams, the other pairs keep their objects and do not render.
 */
export const PairView = memo(function PairView({
  pair,
  target,
  avatar,
}: {
  pair: ChatPair;
  target: ChatTarget;
  avatar: ReactNode;
}) {
  const t = useT();
  const [question, answer] = messagesOf(pair);
  const streaming = pair.status === 'streaming';
  return (
    <>
      <div className="flc-message flc-message--user" data-role={question.role}>
        <div className="flc-bubble flc-bubble--user">
          <div className="flc-bubble__text">{question.content}</div>
          <AttachmentsOf images={question.img} files={question.file} />
        </div>
      </div>
      <div
        className="flc-message flc-message--assistant"
        data-role={answer.role}
        data-status={pair.status}
        aria-busy={streaming}
      >
        {avatar}
        <div className="flc-answer">
          <div className="flc-bubble" data-testid="answer">
            {answer.content !== '' && <Markdown text={answer.content} />}
            {streaming && (
              <span className="flc-typing" role="status" aria-label={t('chat.answering')}>
                <span />
                <span />
                <span />
              </span>
            )}
            {pair.status === 'stopped' && <p className="flc-answer__note">{t('chat.answer.stopped')}</p>}
            {pair.failure && (
              <p className="flc-answer__error" role="alert">
                {failureText(pair.failure, t, CHAT_FAILURE_WORDS)}
              </p>
            )}
          </div>
          {pair.citations.length > 0 && <Citations citations={pair.citations} />}
          {!streaming && (answer.content !== '' || pair.id !== null) && <AnswerActions pair={pair} target={target} />}
        </div>
      </div>
    </>
  );
});
