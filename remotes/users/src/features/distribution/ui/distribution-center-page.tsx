import { useT } from '@flotilla/shared';
import { ErrorState, Page, PageHeader } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { $isAdmin, $loadError, $mine, distributionCenterOpened, retryClicked } from '../distribution.model';
import { InviteesPanel } from './invitees-panel';
import { ProgrammeSettingsPanel } from './programme-settings-panel';
import { ReferralLinkCard } from './referral-link-card';
import { ReferralTotals } from './referral-totals';
import './distribution.css';

/** `/distribution-center`: the caller's referral link and code, invitees, rewards; the admins' programme settings. */
export function DistributionCenterPage() {
  const t = useT();
  const [isAdmin, mine, error, opened, retried] = useUnit([
    $isAdmin,
    $mine,
    $loadError,
    distributionCenterOpened,
    retryClicked,
  ]);

  useEffect(() => {
    opened();
  }, [opened]);

  return (
    <Page>
      <PageHeader
        title={t('users.referrals.title')}
        description={t(isAdmin ? 'users.referrals.descriptionAdmin' : 'users.referrals.description')}
      />
      {error && !mine ? (
        <ErrorState title={t('users.referrals.loadError')} description={error.message} onRetry={() => retried()} />
      ) : (
        <>
          <div className="flu-referrals__top">
            <ReferralLinkCard />
            {isAdmin && <ProgrammeSettingsPanel />}
          </div>
          <ReferralTotals />
          <InviteesPanel />
        </>
      )}
    </Page>
  );
}
