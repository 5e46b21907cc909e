import { Tag, Typography } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { $settings, $statement } from '../recharge-center.model';

/** The viewed user's balance, and whether it is below the tenant's threshold. */
export function BalanceCard() {
  const t = useT();
  const [statement, settings] = useUnit([$statement, $settings]);
  const threshold = settings?.lowBalanceThreshold ?? 0;
  const low = statement !== null && threshold > 0 && statement.balance < threshold;
  return (
    <Surface>
      <Typography.Text type="tertiary">{t('users.recharge.balance')}</Typography.Text>
      <div className="flu-recharge__balance">
        <span className="flu-recharge__balance-value" data-testid="balance">
          {statement ? statement.balance.toLocaleString() : '—'}
        </span>
        <span className="flu-recharge__muted">{t('users.recharge.credits')}</span>
        {low && <Tag color="orange">{t('users.recharge.low')}</Tag>}
      </div>
      {threshold > 0 && (
        <Typography.Text type="tertiary" size="small">
          {t('users.recharge.thresholdHint', { threshold })}
        </Typography.Text>
      )}
    </Surface>
  );
}
