import { useUnit } from 'effector-react';
import { useNavigate } from 'react-router-dom';
import { Button, Tooltip, IconCreditCard } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { $menuEntries } from '../menu/menu.model';
import { $lowBalance, $myCredits, balanceCheckRequested } from '../low-balance/low-balance.model';
import { useCheckOnReturn } from './use-check-on-return';
import './low-balance-warning.css';

const RECHARGE_CENTER_PATH = '/dashboard/recharge-center';

/**
 * The navbar's warning while the caller's balance is below the tenant's threshold; it leads to the
 * recharge centre when the caller's menu has it. Checks the balance when it appears and when the page
 * gets the focus back.
 */
export function LowBalanceWarning() {
  const t = useT();
  const navigate = useNavigate();
  const [low, credits, menu, check] = useUnit([$lowBalance, $myCredits, $menuEntries, balanceCheckRequested]);

  useCheckOnReturn(check);

  if (!low || !credits) return null;
  const canRecharge = menu.includes(RECHARGE_CENTER_PATH);
  const tip = t('shell.lowBalance.tip', { balance: credits.balance, threshold: credits.lowBalanceThreshold });
  return (
    <Tooltip content={tip}>
      <Button
        theme="light"
        type="warning"
        className="fl-low-balance"
        icon={<IconCreditCard />}
        aria-label={tip}
        data-testid="low-balance"
        onClick={canRecharge ? () => navigate(RECHARGE_CENTER_PATH) : undefined}
      >
        <span className="fl-low-balance__text">{t('shell.lowBalance.label')}</span>
      </Button>
    </Tooltip>
  );
}
