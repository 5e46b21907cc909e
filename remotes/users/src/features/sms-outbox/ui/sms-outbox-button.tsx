import { Button, IconComment } from '@flotilla/shared/ui/semi';
import { ADMINS, Permission, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { smsOutboxOpened } from '../sms-outbox.model';
import { SmsOutboxSheet } from './sms-outbox-sheet';

/** Admins' "SMS outbox" button and the sheet it opens. */
export function SmsOutboxButton() {
  const t = useT();
  const opened = useUnit(smsOutboxOpened);
  return (
    <Permission roles={ADMINS}>
      <Button icon={<IconComment />} onClick={() => opened()}>
        {t('users.smsOutbox.open')}
      </Button>
      <SmsOutboxSheet />
    </Permission>
  );
}
