import { Button, IconKey } from '@flotilla/shared/ui/semi';
import { ADMINS, Permission, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { ssoProvidersOpened } from '../sso-providers.model';
import { SsoProvidersSheet } from './sso-providers-sheet';

/** Admins' "Single sign-on" button and the sheet of the tenant's providers it opens. */
export function SsoProvidersButton() {
  const t = useT();
  const opened = useUnit(ssoProvidersOpened);
  return (
    <Permission roles={ADMINS}>
      <Button icon={<IconKey />} onClick={() => opened()}>
        {t('users.sso.open')}
      </Button>
      <SsoProvidersSheet />
    </Permission>
  );
}
