import { Banner, Modal } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import type { FormApi } from '@flotilla/shared/ui/semi-forms';
import { CREDIT_LIMITS, failureText, useT, type Failure } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef } from 'react';
import { $adjustError, $adjustOpen, $adjusting, adjustDismissed, adjustSubmitted } from '../recharge-center.model';

type AdjustValues = { amount: number | undefined; remark: string };

function errorText(t: (id: string, values?: Record<string, unknown>) => string, error: Failure): string {
  if (error.code === 'CREDITS_BELOW_ZERO') return t('users.recharge.adjust.belowZero');
  return t('users.recharge.adjust.failed', { message: failureText(error, t) });
}

/** An admin's correction of the balance on screen: credits up (positive) or down (negative), with the reason. */
export function AdjustModal() {
  const t = useT();
  const [open, adjusting, error, dismissed, submitted] = useUnit([
    $adjustOpen,
    $adjusting,
    $adjustError,
    adjustDismissed,
    adjustSubmitted,
  ]);
  const formApi = useRef<FormApi<AdjustValues> | null>(null);

  return (
    <Modal
      visible={open}
      title={t('users.recharge.adjust.title')}
      okText={t('users.recharge.adjust.submit')}
      cancelText={t('users.recharge.cancel')}
      confirmLoading={adjusting}
      okButtonProps={{ 'aria-label': t('users.recharge.adjust.submit') }}
      cancelButtonProps={{ 'aria-label': t('users.recharge.cancel') }}
      onOk={() => formApi.current?.submitForm()}
      onCancel={() => dismissed()}
      maskClosable={false}
      width={440}
    >
      {error && (
        <Banner
          type="danger"
          closeIcon={null}
          description={errorText(t, error)}
          style={{ marginBottom: 16 }}
          data-testid="adjust-error"
        />
      )}
      {open && (
        <Form<AdjustValues>
          initValues={{ amount: undefined, remark: '' }}
          getFormApi={(api) => (formApi.current = api)}
          onSubmit={(values) => submitted({ amount: Number(values.amount), remark: values.remark.trim() })}
          labelPosition="top"
          aria-label={t('users.recharge.adjust.title')}
        >
          <Form.InputNumber
            field="amount"
            label={t('users.recharge.adjust.amount')}
            extraText={t('users.recharge.adjust.amountHint')}
            style={{ width: '100%' }}
            min={-CREDIT_LIMITS.rechargeMax}
            max={CREDIT_LIMITS.rechargeMax}
            precision={0}
            validate={(value: unknown) => {
              const amount = Number(value);
              return value !== undefined && value !== '' && Number.isInteger(amount) && amount !== 0
                ? ''
                : t('users.recharge.adjust.amountInvalid');
            }}
          />
          <Form.TextArea
            field="remark"
            label={t('users.recharge.adjust.remark')}
            maxCount={CREDIT_LIMITS.remarkMax}
            maxLength={CREDIT_LIMITS.remarkMax}
            autosize
            rows={2}
            validate={(value: string) => (value?.trim() ? '' : t('users.recharge.adjust.remarkRequired'))}
          />
        </Form>
      )}
    </Modal>
  );
}
