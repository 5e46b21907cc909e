import { Button, Modal } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useState } from 'react';

/** "Convert to v3", after a confirmation saying the v1 form will no longer be used. */
export function ConvertButton({
  onConfirm,
  loading,
  disabled,
}: {
  onConfirm: () => void;
  loading: boolean;
  disabled: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="tertiary" loading={loading} disabled={disabled} onClick={() => setOpen(true)}>
        {t('robots.flowV1.convert')}
      </Button>
      <Modal
        title={t('robots.flowV1.convertTitle')}
        visible={open}
        onOk={() => {
          setOpen(false);
          onConfirm();
        }}
        onCancel={() => setOpen(false)}
        okText={t('robots.flowV1.convertOk')}
        cancelText={t('robots.flowV1.convertCancel')}
        okButtonProps={{ 'aria-label': t('robots.flowV1.convertOk') }}
        cancelButtonProps={{ 'aria-label': t('robots.flowV1.convertCancel') }}
      >
        {t('robots.flowV1.convertContent')}
      </Modal>
    </>
  );
}
