import { useT } from '@flotilla/shared';
import { useEffect, useState } from 'react';
import { qrCodeDataUrl } from '../lib/referral-link';

/** The link as a QR code to scan with a phone; nothing until it is drawn. */
export function ReferralQrCode({ link }: { link: string }) {
  const t = useT();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    qrCodeDataUrl(link).then(
      (url) => current && setSrc(url),
      () => current && setSrc(null),
    );
    return () => {
      current = false;
    };
  }, [link]);
  if (!src) return <div className="flu-referrals__qr" aria-hidden />;
  return <img className="flu-referrals__qr" src={src} alt={t('users.referrals.qrAlt')} data-testid="referral-qr" />;
}
