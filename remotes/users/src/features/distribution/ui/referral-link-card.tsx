import { Button, Input, Tag, Typography, IconCopy } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { $copyFailed, $link, $mine, $settings, copyLinkClicked } from '../distribution.model';
import { ReferralQrCode } from './referral-qr-code';

/** The caller's code and link with a copy button and its QR code, and what it has brought them. */
export function ReferralLinkCard() {
  const t = useT();
  const [mine, link, settings, copyFailed, copied] = useUnit([$mine, $link, $settings, $copyFailed, copyLinkClicked]);
  return (
    <Surface>
      <div className="flu-referrals__heading">
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {t('users.referrals.myLink')}
        </Typography.Title>
        {settings && !settings.enabled && <Tag color="orange">{t('users.referrals.programmeOff')}</Tag>}
      </div>
      <div className="flu-referrals__link">
        <div className="flu-referrals__link-main">
          <Typography.Text type="tertiary">
            {t('users.referrals.code')}{' '}
            <Typography.Text strong data-testid="referral-code">
              {mine?.code ?? '—'}
            </Typography.Text>
          </Typography.Text>
          <div className="flu-referrals__copy">
            <Input
              readonly
              value={link ?? ''}
              aria-label={t('users.referrals.myLink')}
              onFocus={(event) => event.target.select()}
              data-testid="referral-link"
            />
            <Button icon={<IconCopy />} disabled={!link} onClick={() => copied()} data-testid="referral-copy">
              {t('users.referrals.copy')}
            </Button>
          </div>
          {copyFailed && (
            <Typography.Text type="warning" size="small">
              {t('users.referrals.copyFailed')}
            </Typography.Text>
          )}
          <div className="flu-referrals__mine">
            <span>
              <span className="flu-referrals__muted">{t('users.referrals.myInvitees')}</span>{' '}
              <strong data-testid="my-invitees">{mine?.invitees ?? '—'}</strong>
            </span>
            <span>
              <span className="flu-referrals__muted">{t('users.referrals.myRewards')}</span>{' '}
              <strong data-testid="my-rewards">{mine?.rewardsEarned.toLocaleString() ?? '—'}</strong>
            </span>
          </div>
        </div>
        {link && <ReferralQrCode link={link} />}
      </div>
    </Surface>
  );
}
