import { Typography } from '@flotilla/shared/ui/semi';
import { useT, type ComparisonItem } from '@flotilla/shared';
import { ComparisonAnswer, type Standing } from './comparison-answer';

const standingOf = (mine: number, theirs: number | undefined): Standing => {
  if (theirs === undefined) return null;
  if (mine > theirs) return 'better';
  if (mine < theirs) return 'worse';
  return 'even';
};

const opposite: Record<'better' | 'worse' | 'even', Standing> = { better: 'worse', worse: 'better', even: 'even' };

/** One question of a comparison: the expected answer, then each robot's answer side by side. */
export function ComparisonItemCard({
  item,
  robot,
  compareRobot,
}: {
  item: ComparisonItem;
  robot: string;
  compareRobot: string | null;
}) {
  const t = useT();
  const standing = standingOf(item.score, item.compareScore);
  return (
    <article
      className="flc-comparisons__item"
      aria-label={t('cases.comparisons.questionNumber', { n: item.position + 1 })}
    >
      <Typography.Text strong>
        {item.position + 1}. {item.question}
      </Typography.Text>
      <div className="flc-comparisons__expected">
        <Typography.Text type="tertiary">{t('cases.comparisons.expected')} </Typography.Text>
        {item.expected || <Typography.Text type="tertiary">{t('cases.comparisons.noExpected')}</Typography.Text>}
      </div>
      <div className="flc-comparisons__answers">
        <ComparisonAnswer robot={robot} answer={item.answer} score={item.score} standing={standing} />
        {compareRobot !== null && item.compareScore !== undefined && (
          <ComparisonAnswer
            robot={compareRobot}
            answer={item.compareAnswer ?? ''}
            score={item.compareScore}
            standing={standing && opposite[standing]}
          />
        )}
      </div>
    </article>
  );
}
