import { Banner, Button, Input, Modal, Typography, IconCopy } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { copyText } from '../../../lib/copy-text';
import { $revealedSecret, secretRevealClosed } from '../robot-secrets.model';
import { ApiUsage } from './api-usage';

/** The window that shows a new secret, once: with a copy button, a warning and samples that use it. */
export function RevealSecretModal() {
  const t = useT();
  const { revealed, closed } = useUnit({ revealed: $revealedSecret, closed: secretRevealClosed });
  return (
    <Modal
      title={t('robots.secrets.revealTitle')}
      visible={revealed !== null}
      onCancel={closed}
      closable={false}
      maskClosable={false}
      footer={
        <Button theme="solid" type="primary" aria-label={t('robots.secrets.revealDone')} onClick={closed}>
          {t('robots.secrets.revealDone')}
        </Button>
      }
      width={640}
    >
      {revealed && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <Banner
            type="warning"
            fullMode={false}
            closeIcon={null}
            title={t('robots.secrets.onceTitle')}
            description={t('robots.secrets.onceHint')}
          />
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <Typography.Text strong>{t('robots.secrets.revealLabel', { name: revealed.name })}</Typography.Text>
            <div style={{ display: 'flex', gap: 8 }}>
              <Input
                readonly
                value={revealed.secret}
                aria-label={t('robots.secrets.secret')}
                style={{ flex: 1, fontFamily: 'monospace' }}
              />
              <Button
                theme="solid"
                icon={<IconCopy />}
                aria-label={t('robots.secrets.copySecret')}
                onClick={() => copyText(revealed.secret, 'robots.secrets.secretCopied')}
              >
                {t('robots.secrets.copy')}
              </Button>
            </div>
          </div>
          <ApiUsage apiKey={revealed.secret} />
        </div>
      )}
    </Modal>
  );
}
