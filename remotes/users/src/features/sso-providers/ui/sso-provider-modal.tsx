import { Banner, Modal, Typography } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import type { FormApi } from '@flotilla/shared/ui/semi-forms';
import { failureText, OIDC_LIMITS, ROLES, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef, useState } from 'react';
import { providerBodyOf, providerValuesOf, redirectUriOf, type SsoProviderValues } from '../lib/provider-values';
import { $editing, $saveError, $saving, editDismissed, editSubmitted } from '../sso-providers.model';

/**
 * Adding or changing a provider: name, issuer, client id and secret (empty on an edit = keep; a stored one can be
 * removed), role, enabled.
 */
export function SsoProviderModal() {
  const t = useT();
  const m = useUnit({
    editing: $editing,
    saving: $saving,
    error: $saveError,
    dismissed: editDismissed,
    submitted: editSubmitted,
  });
  const formApi = useRef<FormApi<SsoProviderValues> | null>(null);
  const provider = m.editing === 'new' ? null : m.editing;
  const [clientId, setClientId] = useState('');
  const [removingSecret, setRemovingSecret] = useState(false);
  const required = (max: number) => (value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text) return t('users.sso.required');
    return text.length > max ? t('users.sso.tooLong', { max }) : '';
  };
  const url = (value: unknown) => {
    const error = required(OIDC_LIMITS.urlMax)(value);
    if (error) return error;
    return /^https?:\/\/\S+$/i.test(String(value).trim()) ? '' : t('users.sso.issuerInvalid');
  };
  const title = provider ? t('users.sso.editTitle', { name: provider.name }) : t('users.sso.addTitle');

  return (
    <Modal
      visible={m.editing !== null}
      title={title}
      okText={t('users.sso.save')}
      cancelText={t('users.sso.cancel')}
      confirmLoading={m.saving}
      okButtonProps={{ 'aria-label': t('users.sso.save') }}
      cancelButtonProps={{ 'aria-label': t('users.sso.cancel') }}
      onOk={() => formApi.current?.submitForm()}
      onCancel={() => m.dismissed()}
      maskClosable={false}
      width="min(560px, 100vw)"
    >
      {m.error && (
        <Banner
          type="danger"
          closeIcon={null}
          description={t('users.sso.saveFailed', { message: failureText(m.error, t) })}
          style={{ marginBottom: 16 }}
        />
      )}
      {m.editing !== null && (
        <Form<SsoProviderValues>
          key={provider?.id ?? 'new'}
          initValues={providerValuesOf(provider)}
          getFormApi={(api) => {
            formApi.current = api;
            setClientId(api.getValue('clientId') ?? '');
            setRemovingSecret(false);
          }}
          onValueChange={(values) => {
            setClientId(values.clientId ?? '');
            setRemovingSecret(values.removeSecret === true);
          }}
          onSubmit={(values) => m.submitted(providerBodyOf(values, provider !== null))}
          labelPosition="top"
          aria-label={title}
        >
          <Form.Input field="name" label={t('users.sso.name')} validate={required(OIDC_LIMITS.nameMax)} />
          <Form.Input
            field="issuer"
            label={t('users.sso.issuer')}
            placeholder="https://id.example.com"
            validate={url}
          />
          <Form.Input field="clientId" label={t('users.sso.clientId')} validate={required(OIDC_LIMITS.clientIdMax)} />
          <Form.Input
            field="clientSecret"
            mode="password"
            autoComplete="new-password"
            label={t('users.sso.clientSecret')}
            placeholder={provider?.hasSecret && !removingSecret ? t('users.sso.secretKept') : undefined}
            disabled={removingSecret}
            validate={(value: unknown) =>
              String(value ?? '').length > OIDC_LIMITS.secretMax
                ? t('users.sso.tooLong', { max: OIDC_LIMITS.secretMax })
                : ''
            }
          />
          {provider?.hasSecret && (
            <Form.Checkbox field="removeSecret" noLabel>
              {t('users.sso.removeSecret')}
            </Form.Checkbox>
          )}
          <Form.Select
            field="role"
            label={t('users.sso.role')}
            style={{ width: '100%' }}
            optionList={ROLES.map((role) => ({ value: role, label: t(`users.role.${role}`) }))}
          />
          <Form.Switch field="enabled" label={t('users.sso.enabledLabel')} />
          {clientId.trim() && (
            <div>
              <Typography.Text type="tertiary" size="small">
                {t('users.sso.redirectUriHint')}
              </Typography.Text>
              <Typography.Paragraph copyable style={{ wordBreak: 'break-all' }}>
                {redirectUriOf(window.location.origin, clientId.trim())}
              </Typography.Paragraph>
            </div>
          )}
        </Form>
      )}
    </Modal>
  );
}
