import { useT } from '@flotilla/shared';

/** A score of 0..1 as a percentage (`–` while there is none). */
export function ScoreValue({ score, label }: { score: number | null | undefined; label?: string }) {
  const t = useT();
  const text =
    score === null || score === undefined ? '–' : t('cases.comparisons.percent', { value: Math.round(score * 100) });
  return (
    <span className="flc-comparisons__score" aria-label={label ? `${label}: ${text}` : undefined}>
      {text}
    </span>
  );
}
