import { Banner, Button, Input, Modal, RadioGroup, Radio, TextArea, Typography } from '@flotilla/shared/ui/semi';
import { COMPARISON_LIMITS, failureText, useT, type StartComparisonBody } from '@flotilla/shared';
import { LabelledSelect } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useMemo, useState } from 'react';
import {
  $fileChoices,
  $newOpen,
  $robotChoices,
  $startFailure,
  $starting,
  newComparisonSubmitted,
  newComparisonToggled,
} from '../comparisons.model';
import { parseQuestions } from '../lib/parse-questions';

type Source = 'typed' | 'file';

/** The new-comparison dialog: a robot, an optional second robot, and questions typed or pasted, or a case file. */
export function NewComparisonModal() {
  const t = useT();
  const m = useUnit({
    open: $newOpen,
    robots: $robotChoices,
    files: $fileChoices,
    starting: $starting,
    failure: $startFailure,
    toggled: newComparisonToggled,
    submitted: newComparisonSubmitted,
  });
  const [processId, setProcessId] = useState<string | undefined>();
  const [compareProcessId, setCompareProcessId] = useState<string | undefined>();
  const [source, setSource] = useState<Source>('typed');
  const [text, setText] = useState('');
  const [fileId, setFileId] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);

  const parsed = useMemo(() => parseQuestions(text), [text]);
  const problem = (() => {
    if (!processId) return t('cases.comparisons.form.robotRequired');
    if (source === 'file' && !fileId) return t('cases.comparisons.form.fileRequired');
    if (source === 'typed' && parsed.questions.length === 0) return t('cases.comparisons.form.questionsRequired');
    if (source === 'typed' && parsed.questions.length > COMPARISON_LIMITS.questionsMax)
      return t('cases.comparisons.form.tooMany', { max: COMPARISON_LIMITS.questionsMax });
    if (source === 'typed' && parsed.tooLong.length > 0)
      return t('cases.comparisons.form.tooLong', { lines: parsed.tooLong.slice(0, 5).join(', ') });
    return null;
  })();

  const submit = () => {
    setTried(true);
    if (problem || !processId) return;
    const body: StartComparisonBody = {
      processId,
      ...(compareProcessId ? { compareProcessId } : {}),
      ...(source === 'file' ? { fileId } : { questions: parsed.questions }),
      ...(name.trim() ? { name: name.trim() } : {}),
    };
    m.submitted(body);
  };

  const robotOptions = m.robots.map((robot) => ({ value: robot.id, label: robot.name }));
  return (
    <Modal
      title={t('cases.comparisons.new')}
      visible={m.open}
      onCancel={() => {
        m.toggled(false);
      }}
      footer={
        <>
          <Button onClick={() => m.toggled(false)}>{t('cases.comparisons.form.cancel')}</Button>
          <Button theme="solid" onClick={submit} loading={m.starting}>
            {t('cases.comparisons.form.start')}
          </Button>
        </>
      }
      width="min(640px, calc(100vw - 24px))"
      afterClose={() => setTried(false)}
    >
      <div className="flc-comparisons__source">
        <label className="flc-comparisons__field">
          <Typography.Text strong>{t('cases.comparisons.form.name')}</Typography.Text>
          <Input
            value={name}
            onChange={setName}
            maxLength={COMPARISON_LIMITS.nameMax}
            placeholder={t('cases.comparisons.form.namePlaceholder')}
            aria-label={t('cases.comparisons.form.name')}
          />
        </label>
        <div className="flc-comparisons__field">
          <Typography.Text strong>{t('cases.comparisons.form.robot')}</Typography.Text>
          <LabelledSelect
            label={t('cases.comparisons.form.robot')}
            value={processId}
            onChange={(value) => setProcessId(value as string)}
            optionList={robotOptions}
            placeholder={t('cases.comparisons.form.pickRobot')}
            style={{ width: '100%' }}
            motion={false}
          />
        </div>
        <div className="flc-comparisons__field">
          <Typography.Text strong>{t('cases.comparisons.form.compareRobot')}</Typography.Text>
          <LabelledSelect
            label={t('cases.comparisons.form.compareRobot')}
            value={compareProcessId}
            onChange={(value) => setCompareProcessId((value as string | undefined) || undefined)}
            optionList={robotOptions.filter((option) => option.value !== processId)}
            placeholder={t('cases.comparisons.form.none')}
            showClear
            style={{ width: '100%' }}
            motion={false}
          />
        </div>
        <RadioGroup
          type="button"
          value={source}
          onChange={(event) => setSource(event.target.value as Source)}
          aria-label={t('cases.comparisons.form.source')}
        >
          <Radio value="typed">{t('cases.comparisons.form.typed')}</Radio>
          <Radio value="file">{t('cases.comparisons.form.file')}</Radio>
        </RadioGroup>
        {source === 'typed' ? (
          <label className="flc-comparisons__field">
            <Typography.Text strong>{t('cases.comparisons.form.questions')}</Typography.Text>
            <TextArea
              value={text}
              onChange={setText}
              rows={8}
              placeholder={t('cases.comparisons.form.questionsPlaceholder')}
              aria-label={t('cases.comparisons.form.questions')}
            />
            <Typography.Text type="tertiary" size="small">
              {t('cases.comparisons.form.questionsHint', { count: parsed.questions.length })}
            </Typography.Text>
          </label>
        ) : (
          <div className="flc-comparisons__field">
            <Typography.Text strong>{t('cases.comparisons.form.file')}</Typography.Text>
            <LabelledSelect
              label={t('cases.comparisons.form.file')}
              value={fileId}
              onChange={(value) => setFileId(value as string)}
              optionList={m.files.map((file) => ({ value: file.id, label: file.name }))}
              placeholder={t('cases.comparisons.form.pickFile')}
              emptyContent={t('cases.comparisons.form.noFiles')}
              style={{ width: '100%' }}
              motion={false}
            />
          </div>
        )}
        {tried && problem && <Banner type="warning" fullMode={false} closeIcon={null} description={problem} />}
        {m.failure && (
          <Banner
            type="danger"
            fullMode={false}
            closeIcon={null}
            title={t('cases.comparisons.form.failed')}
            description={failureText(m.failure, t)}
          />
        )}
      </div>
    </Modal>
  );
}
