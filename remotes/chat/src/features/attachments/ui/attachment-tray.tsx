import { failureText, UPLOAD_LIMITS, useT } from '@flotilla/shared';
import { useStoreMap, useUnit } from 'effector-react';
import { CloseIcon } from '../../../ui/icons/close-icon';
import { FileIcon } from '../../../ui/icons/file-icon';
import { chatKeyOf, type ChatTarget } from '../../chat/chat-target';
import { CHAT_FAILURE_WORDS } from '../../chat/lib/failure-words';
import { $attachments, $rejections, attachmentRemoved, rejectionsDismissed } from '../attachments.model';

const REASONS: Record<string, string> = {
  tooLarge: 'chat.attach.tooLarge',
  type: 'chat.attach.badType',
  tooMany: 'chat.attach.tooMany',
};

/** The attachments of one chat's next question (none while there is no chat yet). */
export function useAttachments(target: ChatTarget | null) {
  return useStoreMap({
    store: $attachments,
    keys: [target && chatKeyOf(target)],
    fn: (all, [key]) => (key !== null && all[key]) || [],
  });
}

/** The files attached to the next question (uploading, ready or refused), and why picked files were not taken. */
export function AttachmentTray({ target }: { target: ChatTarget }) {
  const t = useT();
  const attachments = useAttachments(target);
  const rejections = useStoreMap({ store: $rejections, keys: [chatKeyOf(target)], fn: (all, [key]) => all[key] ?? [] });
  const [removed, dismissed] = useUnit([attachmentRemoved, rejectionsDismissed]);
  const maxMb = Math.round(UPLOAD_LIMITS.maxBytes / (1024 * 1024));
  return (
    <>
      {rejections.length > 0 && (
        <div className="flc-notice flc-notice--compact" role="alert">
          <ul className="flc-notice__list">
            {rejections.map((rejection, index) => (
              <li key={index}>{t(REASONS[rejection.reason] as string, { name: rejection.name, maxMb })}</li>
            ))}
          </ul>
          <button
            type="button"
            className="flc-icon-button"
            aria-label={t('chat.dismiss')}
            onClick={() => dismissed(target)}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      )}
      {attachments.length > 0 && (
        <ul className="flc-tray" aria-label={t('chat.attach.listLabel')}>
          {attachments.map((item) => (
            <li
              key={item.localId}
              className="flc-tray__item"
              data-status={item.status}
              aria-busy={item.status === 'uploading'}
            >
              <FileIcon size={16} />
              <span className="flc-tray__name">{item.name}</span>
              {item.status === 'uploading' && <span className="flc-tray__state">{t('chat.attach.uploading')}</span>}
              {item.failure && (
                <span className="flc-tray__error" role="alert">
                  {failureText(item.failure, t, CHAT_FAILURE_WORDS)}
                </span>
              )}
              <button
                type="button"
                className="flc-icon-button"
                aria-label={t('chat.attach.remove', { name: item.name })}
                onClick={() => removed({ target, localId: item.localId })}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
