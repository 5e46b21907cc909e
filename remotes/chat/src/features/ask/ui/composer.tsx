import { CHAT_LIMITS, useT, type Attachment } from '@flotilla/shared';
import { useStoreMap, useUnit } from 'effector-react';
import { useLayoutEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { PaperclipIcon } from '../../../ui/icons/paperclip-icon';
import { SendIcon } from '../../../ui/icons/send-icon';
import { StopIcon } from '../../../ui/icons/stop-icon';
import { filesPicked } from '../../attachments/attachments.model';
import { ACCEPT } from '../../attachments/lib/check-files';
import { AttachmentTray, useAttachments } from '../../attachments/ui/attachment-tray';
import { chatKeyOf, type ChatTarget } from '../../chat/chat-target';
import { loadMarkdownRenderer } from '../../markdown/ui/markdown';
import { $conversations, INITIAL_CONVERSATION } from '../../messages/messages.model';
import { $asking, questionSubmitted, stopClicked } from '../ask.model';

/** What was typed into the page's static message box before the app took over, and where the caret was. */
export type Draft = { text: string; focused: boolean; selection: readonly [number, number] };

/**
 * Where the chatter writes: Enter sends (Shift+Enter for a new line), files attach through the clip
 * or by pasting, and while the answer arrives Send becomes Stop. Typing goes on while it answers.
 * Without a target (the chat not ready yet) it takes typing and nothing else. `draft` is the text of
 * the page's static box, kept with its focus and caret.
 */
export function Composer({ target, draft }: { target: ChatTarget | null; draft?: Draft }) {
  const t = useT();
  const [text, setText] = useState(draft?.text ?? '');
  const fileInput = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const key = target ? chatKeyOf(target) : null;
  const asking = useStoreMap({ store: $asking, keys: [key], fn: (all, [key]) => (key !== null && all[key]) || false });
  const status = useStoreMap({
    store: $conversations,
    keys: [key],
    fn: (all, [key]) => ((key !== null && all[key]) || INITIAL_CONVERSATION).status,
  });
  const attachments = useAttachments(target);
  const [submitted, stopped, picked] = useUnit([questionSubmitted, stopClicked, filesPicked]);

  // Before the first paint: the visitor typing into the static box goes on typing here, where they were.
  useLayoutEffect(() => {
    if (!draft?.focused || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(...draft.selection);
  }, [draft]);

  const uploading = attachments.some((item) => item.status === 'uploading');
  const ready = (kind: 'image' | 'file') =>
    attachments
      .filter((item) => item.kind === kind && item.attachment !== null)
      .map((item) => item.attachment as Attachment);
  const canSend = target !== null && !asking && !uploading && status === 'ready' && text.trim() !== '';

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!target || !canSend) return;
    submitted({ target, question: text, images: ready('image'), files: ready('file') });
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing (Chinese, Japanese…): Enter confirms the characters there.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const onPaste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files];
    if (target && files.length > 0) {
      event.preventDefault();
      picked({ target, files });
    }
  };

  return (
    <form className="flc-composer" onSubmit={send}>
      {target && <AttachmentTray target={target} />}
      <div className="flc-composer__row">
        <button
          type="button"
          className="flc-icon-button flc-composer__attach"
          aria-label={t('chat.attach.button')}
          title={t('chat.attach.button')}
          disabled={!target}
          onClick={() => fileInput.current?.click()}
        >
          <PaperclipIcon />
        </button>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          data-testid="file-input"
          onChange={(event) => {
            if (target) picked({ target, files: [...(event.target.files ?? [])] });
            event.target.value = '';
          }}
        />
        <textarea
          ref={input}
          className="flc-composer__input"
          aria-label={t('chat.composer.label')}
          placeholder={t('chat.composer.placeholder')}
          rows={1}
          maxLength={CHAT_LIMITS.questionLength}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          // The answer will need the Markdown renderer: fetch it while the question is written.
          onFocus={() => void loadMarkdownRenderer().catch(() => undefined)}
          enterKeyHint="send"
        />
        {asking && target ? (
          <button
            type="button"
            className="flc-send flc-send--stop"
            aria-label={t('chat.composer.stop')}
            title={t('chat.composer.stop')}
            onClick={() => stopped(target)}
          >
            <StopIcon />
          </button>
        ) : (
          <button
            type="submit"
            className="flc-send"
            aria-label={t('chat.composer.send')}
            title={t('chat.composer.send')}
            disabled={!canSend}
          >
            <SendIcon />
          </button>
        )}
      </div>
    </form>
  );
}
