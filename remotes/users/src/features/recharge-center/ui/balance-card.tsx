import { Button, Tag, Typography, IconEdit } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { $isAdmin, $settings, $statement, adjustClicked } from '../recharge-center.model';

/** The viewed user's balance, whether it is below the tenant's threshold, and (admins) its correction. */
export function BalanceCard() {
  const t = useT();
  const [statement, settings, isAdmin, adjust] = useUnit([$statement, $settings, $isAdmin, adjustClicked]);
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
        {isAdmin && statement && (
          <Button
            theme="borderless"
            icon={<IconEdit />}
            className="flu-recharge__toolbar-end"
            onClick={() => adjust()}
            data-testid="adjust-open"
          >
            {t('users.recharge.adjust.open')}
          </Button>
        )}
      </div>
      {threshold > 0 && (
        <Typography.Text type="tertiary" size="small">
          {t('users.recharge.thresholdHint', { threshold })}
        </Typography.Text>
      )}
    </Surface>
  );
}
