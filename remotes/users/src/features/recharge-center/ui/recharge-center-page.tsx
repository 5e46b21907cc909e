import { Button, IconPlus } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { Page, PageHeader } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { $isAdmin, rechargeCenterOpened, rechargeClicked } from '../recharge-center.model';
import { AdjustModal } from './adjust-modal';
import { BalanceCard } from './balance-card';
import { LedgerPanel } from './ledger-panel';
import { PackageModal } from './package-modal';
import { PackagesPanel } from './packages-panel';
import { RechargeModal } from './recharge-modal';
import { ThresholdPanel } from './threshold-panel';
import { ViewedUserPicker } from './viewed-user-picker';
import './recharge-center.css';

/**
 * `/dashboard/recharge-center`: a balance and its ledger (filtered, paged, exported). Admins choose whose,
 * recharge, and manage the packages and the low-balance threshold; everyone else sees their own.
 */
export function RechargeCenterPage() {
  const t = useT();
  const [isAdmin, opened, recharge] = useUnit([$isAdmin, rechargeCenterOpened, rechargeClicked]);

  useEffect(() => {
    opened();
  }, [opened]);

  return (
    <Page>
      <PageHeader
        title={t('users.recharge.title')}
        description={t(isAdmin ? 'users.recharge.descriptionAdmin' : 'users.recharge.description')}
        extra={
          isAdmin && (
            <Button theme="solid" icon={<IconPlus />} onClick={() => recharge()} data-testid="recharge-open">
              {t('users.recharge.open')}
            </Button>
          )
        }
      />
      {isAdmin && <ViewedUserPicker />}
      <BalanceCard />
      <LedgerPanel />
      {isAdmin && (
        <div className="flu-recharge__admin">
          <PackagesPanel />
          <ThresholdPanel />
        </div>
      )}
      {isAdmin && <RechargeModal />}
      {isAdmin && <PackageModal />}
      {isAdmin && <AdjustModal />}
    </Page>
  );
}
