import { Avatar, Button, Typography, IconClose, IconUpload } from '@flotilla/shared/ui/semi';
import { failureText, ICON_LIMITS, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef } from 'react';
import { ICON_TYPES } from '../../../lib/icon-file';
import type { IconError, IconField } from '../robot-form.model';

const MAX_KB = Math.round(ICON_LIMITS.maxBytes / 1024);

function iconErrorText(error: IconError, t: (id: string, values?: Record<string, unknown>) => string): string {
  if (error.reason === 'server') return failureText(error.failure, t);
  return error.reason === 'tooLarge' ? t('robots.icon.tooLarge', { max: MAX_KB }) : t('robots.icon.badType');
}

/** A robot form's icon: an image checked here (type, size), uploaded at once and previewed; removable. */
export function IconPicker({ field }: { field: IconField }) {
  const t = useT();
  const input = useRef<HTMLInputElement | null>(null);
  const m = useUnit({
    icon: field.$icon,
    error: field.$error,
    uploading: field.$uploading,
    chosen: field.chosen,
    removed: field.removed,
  });
  return (
    <div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Avatar size="medium" shape="square" color="grey" src={m.icon ?? undefined} alt={t('robots.icon.preview')}>
          {m.icon ? undefined : <IconUpload />}
        </Avatar>
        <input
          ref={input}
          type="file"
          accept={ICON_TYPES.join(',')}
          aria-label={t('robots.icon.file')}
          style={{ display: 'none' }}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so picking the same file again is a change too.
            event.target.value = '';
            if (file) m.chosen(file);
          }}
        />
        <Button icon={<IconUpload />} loading={m.uploading} onClick={() => input.current?.click()}>
          {t(m.icon ? 'robots.icon.replace' : 'robots.icon.upload')}
        </Button>
        {m.icon && !m.uploading && (
          <Button
            theme="borderless"
            type="tertiary"
            icon={<IconClose />}
            aria-label={t('robots.icon.remove')}
            onClick={m.removed}
          />
        )}
      </div>
      {m.error ? (
        <Typography.Text type="danger" size="small" role="alert">
          {iconErrorText(m.error, t)}
        </Typography.Text>
      ) : (
        <Typography.Text type="tertiary" size="small">
          {t('robots.icon.hint', { max: MAX_KB })}
        </Typography.Text>
      )}
    </div>
  );
}
