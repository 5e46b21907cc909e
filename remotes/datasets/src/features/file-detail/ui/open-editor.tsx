import { Banner, Modal, TextArea, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useT, type Segment } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import {
  $segmentChangeFailure,
  $segmentSaving,
  segmentEditorClosed,
  segmentEditorSubmitted,
} from '../file-detail.model';

/** The limits of the contract: text up to 20000 characters, a question up to 2000, an answer up to 10000. */
const TEXT_MAX = 20000;
const QUESTION_MAX = 2000;
const ANSWER_MAX = 10000;

export function OpenEditor({ segment }: { segment: Segment | null }) {
  const t = useT();
  const m = useUnit({
    saving: $segmentSaving,
    failure: $segmentChangeFailure,
    closed: segmentEditorClosed,
    submitted: segmentEditorSubmitted,
  });
  const qa = segment?.question !== undefined;
  const [text, setText] = useState(segment?.text ?? '');
  const [question, setQuestion] = useState(segment?.question ?? '');
  const [answer, setAnswer] = useState(segment?.answer ?? '');
  const valid = qa ? question.trim() !== '' && answer.trim() !== '' : text.trim() !== '';
  const ok = segment ? t('datasets.segment.save') : t('datasets.segment.addOk');
  const cancel = t('datasets.cancel');
  const submit = () => {
    if (!valid) return;
    m.submitted(qa ? { question: question.trim(), answer: answer.trim() } : { text: text.trim() });
  };
  return (
    <Modal
      visible
      title={
        segment ? t('datasets.segment.editTitle', { position: segment.position + 1 }) : t('datasets.segment.addTitle')
      }
      okText={ok}
      cancelText={cancel}
      // Semi labels its buttons "confirm"/"cancel" for screen readers; give them the visible words.
      okButtonProps={{ 'aria-label': ok, disabled: !valid }}
      cancelButtonProps={{ 'aria-label': cancel }}
      confirmLoading={m.saving}
      onOk={submit}
      onCancel={m.closed}
      width={640}
    >
      {m.failure && (
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          description={failureText(m.failure, t)}
          style={{ marginBottom: 12 }}
        />
      )}
      {qa ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <Typography.Text strong>{t('datasets.qa.question')}</Typography.Text>
          <TextArea
            value={question}
            onChange={setQuestion}
            maxLength={QUESTION_MAX}
            autosize={{ minRows: 2, maxRows: 6 }}
            aria-label={t('datasets.qa.question')}
          />
          <Typography.Text strong>{t('datasets.qa.answer')}</Typography.Text>
          <TextArea
            value={answer}
            onChange={setAnswer}
            maxLength={ANSWER_MAX}
            autosize={{ minRows: 3, maxRows: 10 }}
            aria-label={t('datasets.qa.answer')}
          />
        </div>
      ) : (
        <TextArea
          value={text}
          onChange={setText}
          maxLength={TEXT_MAX}
          showClear={false}
          autosize={{ minRows: 6, maxRows: 16 }}
          autoFocus
          aria-label={t('datasets.segment.text')}
          placeholder={t('datasets.segment.textPlaceholder')}
        />
      )}
    </Modal>
  );
}
