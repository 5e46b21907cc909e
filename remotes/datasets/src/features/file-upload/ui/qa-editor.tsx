import { Banner, Button, Input, TextArea, Typography, IconDelete, IconPlus } from '@flotilla/shared/ui/semi';
import { failureText, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import {
  $qaFailure,
  $qaProblem,
  $qaRows,
  $qaSaving,
  qaPairsSubmitted,
  qaRowAdded,
  qaRowChanged,
  qaRowRemoved,
} from '../qa-pairs.model';

/** QA pairs typed in a small table, saved together. */
export function QaEditor() {
  const t = useT();
  const m = useUnit({
    rows: $qaRows,
    problem: $qaProblem,
    failure: $qaFailure,
    saving: $qaSaving,
    added: qaRowAdded,
    removed: qaRowRemoved,
    changed: qaRowChanged,
    submitted: qaPairsSubmitted,
  });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title heading={6} style={{ margin: 0 }}>
        {t('datasets.qa.manualTitle')}
      </Typography.Title>
      {m.problem && (
        <Banner type="warning" fullMode={false} closeIcon={null} description={t(m.problem.id, m.problem.values)} />
      )}
      {m.failure && (
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          title={t('datasets.qa.saveFailed')}
          description={failureText(m.failure, t)}
        />
      )}
      <table style={{ width: '100%', borderCollapse: 'separate', borderSpacing: '0 8px' }}>
        <thead>
          <tr>
            <th style={{ width: 40, textAlign: 'left' }}>#</th>
            <th style={{ textAlign: 'left' }}>{t('datasets.qa.question')}</th>
            <th style={{ textAlign: 'left' }}>{t('datasets.qa.answer')}</th>
            <th style={{ width: 48 }} aria-label={t('datasets.qa.actions')} />
          </tr>
        </thead>
        <tbody>
          {m.rows.map((row, index) => (
            <tr key={row.key} style={{ verticalAlign: 'top' }}>
              <td>
                <Typography.Text type="tertiary">{index + 1}</Typography.Text>
              </td>
              <td style={{ paddingRight: 8 }}>
                <Input
                  value={row.question}
                  maxLength={2000}
                  onChange={(value) => m.changed({ key: row.key, field: 'question', value })}
                  aria-label={t('datasets.qa.questionOf', { row: index + 1 })}
                  placeholder={t('datasets.qa.questionPlaceholder')}
                />
              </td>
              <td style={{ paddingRight: 8 }}>
                <TextArea
                  value={row.answer}
                  maxLength={10000}
                  autosize={{ minRows: 1, maxRows: 6 }}
                  onChange={(value) => m.changed({ key: row.key, field: 'answer', value })}
                  aria-label={t('datasets.qa.answerOf', { row: index + 1 })}
                  placeholder={t('datasets.qa.answerPlaceholder')}
                />
              </td>
              <td>
                <Button
                  theme="borderless"
                  type="tertiary"
                  icon={<IconDelete />}
                  aria-label={t('datasets.qa.removeRow', { row: index + 1 })}
                  onClick={() => m.removed(row.key)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button icon={<IconPlus />} onClick={() => m.added()}>
          {t('datasets.qa.addRow')}
        </Button>
        <Button theme="solid" type="primary" loading={m.saving} onClick={() => m.submitted()}>
          {t('datasets.qa.save')}
        </Button>
      </div>
    </div>
  );
}
