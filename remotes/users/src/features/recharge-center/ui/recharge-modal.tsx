import { Banner, Modal } from '@flotilla/shared/ui/semi';
import { VISUALLY_HIDDEN } from '@flotilla/shared/ui';
import { Form } from '@flotilla/shared/ui/semi-forms';
import type { FormApi } from '@flotilla/shared/ui/semi-forms';
import { $user, CREDIT_LIMITS, failureText, useT, type Failure } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useId, useRef, useState } from 'react';
import { formatPrice } from '../lib/ledger-query';
import { toRechargeBody, validateAmount, type RechargeValues } from '../lib/recharge-form';
import {
  $packages,
  $rechargeError,
  $rechargeOpen,
  $recharging,
  $userOptions,
  $userOptionsLoading,
  $viewedUserId,
  rechargeDismissed,
  rechargeSubmitted,
  userSearchTyped,
} from '../recharge-center.model';

function errorText(t: (id: string, values?: Record<string, unknown>) => string, error: Failure): string {
  if (error.code === 'CREDIT_PACKAGE_NOT_FOUND') return t('users.recharge.packageGone');
  return t('users.recharge.failed', { message: failureText(error, t) });
}

/** The recharge dialog (admins): a user, then a package or an amount of credits, and a remark. */
export function RechargeModal() {
  const t = useT();
  const [open, recharging, error, packages, options, optionsLoading, viewedId, me] = useUnit([
    $rechargeOpen,
    $recharging,
    $rechargeError,
    $packages,
    $userOptions,
    $userOptionsLoading,
    $viewedUserId,
    $user,
  ]);
  const [dismissed, submitted, searched] = useUnit([rechargeDismissed, rechargeSubmitted, userSearchTyped]);
  const formApi = useRef<FormApi<RechargeValues> | null>(null);
  // Semi names its selects "selected": hidden labels name them for screen readers.
  const userLabelId = useId();
  const packageLabelId = useId();
  // Until the admin picks, a package when there are packages (they may arrive after the dialog opened).
  const [picked, setPicked] = useState<RechargeValues['by'] | null>(null);
  const by = picked ?? (packages.length > 0 ? 'package' : 'amount');
  const userOptions = options.map((option) => ({ value: option.id, label: option.name }));
  if (me && !options.some((option) => option.id === me.id))
    userOptions.unshift({ value: me.id, label: me.nickname || me.username });

  return (
    <Modal
      visible={open}
      title={t('users.recharge.dialogTitle')}
      okText={t('users.recharge.submit')}
      cancelText={t('users.recharge.cancel')}
      confirmLoading={recharging}
      okButtonProps={{ 'aria-label': t('users.recharge.submit') }}
      cancelButtonProps={{ 'aria-label': t('users.recharge.cancel') }}
      onOk={() => formApi.current?.submitForm()}
      onCancel={() => dismissed()}
      maskClosable={false}
      width={520}
      afterClose={() => setPicked(null)}
    >
      {error && (
        <Banner
          type="danger"
          closeIcon={null}
          description={errorText(t, error)}
          style={{ marginBottom: 16 }}
          data-testid="recharge-error"
        />
      )}
      {open && (
        <>
          <span id={userLabelId} style={VISUALLY_HIDDEN}>
            {t('users.recharge.user')}
          </span>
          <span id={packageLabelId} style={VISUALLY_HIDDEN}>
            {t('users.recharge.package')}
          </span>
          <Form<RechargeValues>
            initValues={{ userId: viewedId ?? '', by, packageId: packages[0]?.id ?? '', amount: 100, remark: '' }}
            getFormApi={(api) => (formApi.current = api)}
            onSubmit={(values) => submitted(toRechargeBody({ ...values, by }))}
            labelPosition="top"
            aria-label={t('users.recharge.dialogTitle')}
          >
            <Form.Select
              field="userId"
              label={t('users.recharge.user')}
              style={{ width: '100%' }}
              filter
              motion={false}
              remote
              loading={optionsLoading}
              onSearch={(keyword: string) => searched(keyword)}
              optionList={userOptions}
              rules={[{ required: true, message: t('users.recharge.userRequired') }]}
              aria-labelledby={userLabelId}
              data-testid="recharge-user"
            />
            <Form.RadioGroup
              field="by"
              label={t('users.recharge.by')}
              type="button"
              onChange={(event) => setPicked(event.target.value as RechargeValues['by'])}
            >
              <Form.Radio value="package" disabled={packages.length === 0}>
                {t('users.recharge.byPackage')}
              </Form.Radio>
              <Form.Radio value="amount">{t('users.recharge.byAmount')}</Form.Radio>
            </Form.RadioGroup>
            {by === 'package' ? (
              <Form.Select
                field="packageId"
                label={t('users.recharge.package')}
                style={{ width: '100%' }}
                rules={[{ required: true, message: t('users.recharge.packageRequired') }]}
                motion={false}
                optionList={packages.map((pack) => ({
                  value: pack.id,
                  label: t('users.recharge.packageOption', {
                    name: pack.name,
                    price: formatPrice(pack.priceCents),
                    credits: pack.credits,
                  }),
                }))}
                aria-labelledby={packageLabelId}
                data-testid="recharge-package"
              />
            ) : (
              <Form.InputNumber
                field="amount"
                label={t('users.recharge.amount')}
                style={{ width: '100%' }}
                min={1}
                max={CREDIT_LIMITS.rechargeMax}
                precision={0}
                validate={(value: unknown) => {
                  const id = validateAmount(value);
                  return id ? t(id, { max: CREDIT_LIMITS.rechargeMax }) : '';
                }}
                data-testid="recharge-amount"
              />
            )}
            <Form.TextArea
              field="remark"
              label={t('users.recharge.remark')}
              maxCount={CREDIT_LIMITS.remarkMax}
              maxLength={CREDIT_LIMITS.remarkMax}
              autosize
              rows={2}
            />
          </Form>
        </>
      )}
    </Modal>
  );
}
