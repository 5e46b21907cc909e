import { Banner, Modal } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import type { FormApi } from '@flotilla/shared/ui/semi-forms';
import { CREDIT_LIMITS, failureText, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef } from 'react';
import { formatPrice, parsePrice } from '../lib/ledger-query';
import {
  $packageEditing,
  $packageError,
  $packageSaving,
  packageDismissed,
  packageSubmitted,
} from '../recharge-center.model';

type PackageValues = { name: string; price: string; credits: number | undefined };

/** The dialog that adds or changes a package: its name, its price in money and the credits it buys. */
export function PackageModal() {
  const t = useT();
  const [editing, saving, error, dismissed, submitted] = useUnit([
    $packageEditing,
    $packageSaving,
    $packageError,
    packageDismissed,
    packageSubmitted,
  ]);
  const formApi = useRef<FormApi<PackageValues> | null>(null);
  const existing = editing !== null && editing !== 'new' ? editing : null;
  const title = t(existing ? 'users.recharge.packages.editTitle' : 'users.recharge.packages.addTitle');

  return (
    <Modal
      visible={editing !== null}
      title={title}
      okText={t('users.recharge.packages.save')}
      cancelText={t('users.recharge.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'aria-label': t('users.recharge.packages.save') }}
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
          description={t('users.recharge.packages.failed', { message: failureText(error, t) })}
          style={{ marginBottom: 16 }}
        />
      )}
      {editing !== null && (
        <Form<PackageValues>
          initValues={{
            name: existing?.name ?? '',
            price: existing ? formatPrice(existing.priceCents) : '',
            credits: existing?.credits,
          }}
          getFormApi={(api) => (formApi.current = api)}
          onSubmit={(values) =>
            submitted({
              name: values.name.trim(),
              priceCents: parsePrice(values.price) ?? 0,
              credits: Number(values.credits),
            })
          }
          labelPosition="top"
          aria-label={title}
        >
          <Form.Input
            field="name"
            label={t('users.recharge.packages.name')}
            maxLength={CREDIT_LIMITS.packageNameMax}
            validate={(value: string) => (value?.trim() ? '' : t('users.recharge.packages.nameRequired'))}
          />
          <Form.Input
            field="price"
            label={t('users.recharge.packages.price')}
            inputMode="decimal"
            validate={(value: string) => {
              const cents = parsePrice(value ?? '');
              return cents !== undefined && cents <= CREDIT_LIMITS.packagePriceCentsMax
                ? ''
                : t('users.recharge.packages.priceInvalid');
            }}
          />
          <Form.InputNumber
            field="credits"
            label={t('users.recharge.packages.credits')}
            style={{ width: '100%' }}
            min={1}
            max={CREDIT_LIMITS.rechargeMax}
            precision={0}
            validate={(value: unknown) => {
              const credits = Number(value);
              return value !== undefined && value !== '' && Number.isInteger(credits) && credits >= 1
                ? ''
                : t('users.recharge.amountRange', { max: CREDIT_LIMITS.rechargeMax });
            }}
          />
        </Form>
      )}
    </Modal>
  );
}
