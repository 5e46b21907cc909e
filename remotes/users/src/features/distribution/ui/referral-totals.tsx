import { Typography } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { $isAdmin, $summary } from '../distribution.model';

const FIGURES = ['invitees', 'referrers', 'referrerRewards', 'refereeRewards'] as const;

/** The programme's totals: the tenant's for an admin, the caller's own for anyone else. */
export function ReferralTotals() {
  const t = useT();
  const [summary, isAdmin] = useUnit([$summary, $isAdmin]);
  return (
    <Surface>
      <Typography.Title heading={6} style={{ margin: 0 }}>
        {t(isAdmin ? 'users.referrals.totals.tenant' : 'users.referrals.totals.mine')}
      </Typography.Title>
      <dl className="flu-referrals__totals">
        {FIGURES.map((figure) => (
          <div key={figure} className="flu-referrals__figure">
            <dt className="flu-referrals__muted">{t(`users.referrals.totals.${figure}`)}</dt>
            <dd data-testid={`total-${figure}`}>{summary ? summary[figure].toLocaleString() : '—'}</dd>
          </div>
        ))}
      </dl>
    </Surface>
  );
}
