import { useT } from '@flotilla/shared';
import { useEffect, useState } from 'react';
import { CheckIcon } from '../../../ui/icons/check-icon';
import { CopyIcon } from '../../../ui/icons/copy-icon';
import { copyText } from '../lib/copy-text';

export function CopyButton({ text }: { text: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const label = copied ? t('chat.actions.copied') : t('chat.actions.copy');
  return (
    <button
      type="button"
      className="flc-icon-button"
      aria-label={label}
      title={label}
      onClick={() =>
        copyText(text).then(
          () => setCopied(true),
          () => undefined,
        )
      }
    >
      {copied ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
    </button>
  );
}
