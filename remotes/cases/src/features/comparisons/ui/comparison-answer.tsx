import { Tag, Typography } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { ScoreValue } from './score-value';

/** How one robot's answer stands against the other's on the same question. */
export type Standing = 'better' | 'worse' | 'even' | null;

/** One robot's answer to a question, with its score and whether it beat the other robot's. */
export function ComparisonAnswer({
  robot,
  answer,
  score,
  standing,
}: {
  robot: string;
  answer: string;
  score: number;
  standing: Standing;
}) {
  const t = useT();
  return (
    <section className="flc-comparisons__answer" aria-label={robot}>
      <div className="flc-comparisons__answer-head">
        <Typography.Text strong>{robot}</Typography.Text>
        <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
          {standing === 'better' && (
            <Tag color="green" type="light">
              {t('cases.comparisons.better')}
            </Tag>
          )}
          {standing === 'worse' && (
            <Tag color="orange" type="light">
              {t('cases.comparisons.worse')}
            </Tag>
          )}
          <ScoreValue score={score} label={t('cases.comparisons.score')} />
        </span>
      </div>
      <div className="flc-comparisons__answer-text">
        {answer || <Typography.Text type="tertiary">{t('cases.comparisons.noAnswer')}</Typography.Text>}
      </div>
    </section>
  );
}
