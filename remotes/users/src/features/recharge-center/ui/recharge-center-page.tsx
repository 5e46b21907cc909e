import { useT } from '@flotilla/shared';
import { Page, PageHeader } from '@flotilla/shared/ui';

/** `/dashboard/recharge-center`: balance, ledger, packages and the admins' recharge form. */
export function RechargeCenterPage() {
  const t = useT();
  return (
    <Page>
      <PageHeader title={t('users.recharge.title')} />
    </Page>
  );
}
