import { failureText, useT, type Attachment } from '@flotilla/shared';
import { memo, type ReactNode } from 'react';
import { FileIcon } from '../../../ui/icons';
import type { ChatTarget } from '../../chat/chat-target';
import { CHAT_FAILURE_WORDS } from '../../chat/lib/failure-words';
import { safeUrl } from '../../chat/lib/safe-url';
import { Markdown } from '../../markdown/ui/markdown';
import { messagesOf, type ChatPair } from '../lib/pairs';
import { AnswerActions } from './answer-actions';
import { Citations } from './citations';

function AttachmentsOf({ images, files }: { images: Attachment[]; files: Attachment[] }) {
  if (images.length === 0 && files.length === 0) return null;
  return (
    <div className="flc-sent-files">
      {images.map((image) => {
        const src = safeUrl(image.url);
        return src ? (
          <a key={image.id} className="flc-sent-image" href={src} target="_blank" rel="noopener noreferrer">
            <img src={src} alt={image.name} loading="lazy" />
          </a>
        ) : null;
      })}
      {files.map((file) => {
        const href = safeUrl(file.url);
        const content = (
          <>
            <FileIcon size={16} />
            <span className="flc-file-chip__name">{file.name}</span>
          </>
        );
        return href ? (
          <a key={file.id} className="flc-file-chip" href={href} target="_blank" rel="noopener noreferrer">
            {content}
          </a>
        ) : (
          <span key={file.id} className="flc-file-chip">
            {content}
          </span>
        );
      })}
    </div>
  );
}

/**
 * One question and its answer: the user's message, then the assistant's with its sources and
 * actions. Memoised: while an answer streams, the other pairs keep their objects and do not render.
 */
export const PairView = memo(function PairView({ pair, target, avatar }: { pair: ChatPair; target: ChatTarget; avatar: ReactNode }) {
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
      <div className="flc-message flc-message--assistant" data-role={answer.role} data-status={pair.status} aria-busy={streaming}>
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
