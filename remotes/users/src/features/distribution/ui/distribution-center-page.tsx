import { useT } from '@flotilla/shared';
import { Page, PageHeader } from '@flotilla/shared/ui';

/** `/distribution-center`: the caller's referral link and code, invitees, rewards; the admins' programme settings. */
export function DistributionCenterPage() {
  const t = useT();
  return (
    <Page>
      <PageHeader title={t('users.referrals.title')} />
    </Page>
  );
}
