import {
  Banner,
  Button,
  IconClose,
  IconCopy,
  IconDelete,
  IconEdit,
  IconPlus,
  Popconfirm,
  SideSheet,
  Table,
  Tag,
  Typography,
} from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { failureText, useT, type OidcProvider } from '@flotilla/shared';
import { EmptyState, ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { redirectUriOf } from '../lib/provider-values';
import {
  $deleteError,
  $loadError,
  $loaded,
  $loading,
  $open,
  $providers,
  copyClicked,
  deleteConfirmed,
  editStarted,
  reloadRequested,
  ssoProvidersClosed,
} from '../sso-providers.model';
import { SsoProviderModal } from './sso-provider-modal';

/** The tenant's single sign-on providers in a side sheet: list, add, edit, delete, and each one's redirect URI. */
export function SsoProvidersSheet() {
  const t = useT();
  const m = useUnit({
    open: $open,
    providers: $providers,
    loaded: $loaded,
    loading: $loading,
    loadError: $loadError,
    deleteError: $deleteError,
    closed: ssoProvidersClosed,
    retried: reloadRequested,
    edit: editStarted,
    remove: deleteConfirmed,
    copy: copyClicked,
  });

  const columns = useMemo<ColumnProps<OidcProvider>[]>(
    () => [
      {
        title: t('users.sso.name'),
        dataIndex: 'name',
        render: (name: string, provider: OidcProvider) => (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4, wordBreak: 'break-word' }}>
            <Typography.Text strong>{name}</Typography.Text>
            <Typography.Text type="tertiary" size="small">
              {provider.issuer}
            </Typography.Text>
            <span>
              <Tag color={provider.enabled ? 'green' : 'grey'}>
                {t(provider.enabled ? 'users.sso.enabled' : 'users.sso.disabled')}
              </Tag>{' '}
              <Tag>{t(`users.role.${provider.role}`)}</Tag>
            </span>
          </div>
        ),
      },
      {
        title: t('users.sso.redirectUri'),
        dataIndex: 'clientId',
        render: (clientId: string) => {
          const uri = redirectUriOf(window.location.origin, clientId);
          return (
            <div style={{ display: 'flex', alignItems: 'flex-start', gap: 4 }}>
              <Typography.Text size="small" style={{ wordBreak: 'break-all' }}>
                {uri}
              </Typography.Text>
              <Button
                size="small"
                theme="borderless"
                icon={<IconCopy />}
                aria-label={t('users.sso.copy')}
                onClick={() => m.copy(uri)}
              />
            </div>
          );
        },
      },
      {
        title: t('users.sso.actions'),
        dataIndex: 'id',
        width: 100,
        render: (_: string, provider: OidcProvider) => (
          <div style={{ display: 'flex', gap: 4 }}>
            <Button
              size="small"
              theme="borderless"
              icon={<IconEdit />}
              aria-label={t('users.sso.edit', { name: provider.name })}
              onClick={() => m.edit(provider)}
            />
            <Popconfirm
              title={t('users.sso.deleteConfirm', { name: provider.name })}
              okText={t('users.sso.delete')}
              cancelText={t('users.sso.cancel')}
              onConfirm={() => {
                m.remove(provider.id);
              }}
            >
              <Button
                size="small"
                theme="borderless"
                type="danger"
                icon={<IconDelete />}
                aria-label={t('users.sso.deleteOne', { name: provider.name })}
              />
            </Popconfirm>
          </div>
        ),
      },
    ],
    [t, m],
  );

  return (
    <SideSheet
      title={t('users.sso.title')}
      visible={m.open}
      onCancel={m.closed}
      closeIcon={<IconClose aria-label={t('users.sso.close')} />}
      width="min(760px, 100vw)"
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <div
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}
        >
          <Typography.Text type="tertiary">{t('users.sso.description')}</Typography.Text>
          <Button icon={<IconPlus />} theme="solid" onClick={() => m.edit(null)}>
            {t('users.sso.add')}
          </Button>
        </div>
        {m.deleteError && (
          <Banner
            type="danger"
            closeIcon={null}
            description={t('users.sso.deleteFailed', { message: failureText(m.deleteError, t) })}
          />
        )}
        {m.loadError && m.providers.length === 0 ? (
          <ErrorState
            title={t('users.sso.failed')}
            description={failureText(m.loadError, t)}
            onRetry={() => m.retried()}
          />
        ) : (
          <Table<OidcProvider>
            rowKey="id"
            columns={columns}
            dataSource={m.providers}
            loading={m.loading}
            scroll={{ x: 600 }}
            pagination={false}
            empty={m.loaded ? <EmptyState title={t('users.sso.empty')} description={t('users.sso.emptyHint')} /> : null}
          />
        )}
      </div>
      <SsoProviderModal />
    </SideSheet>
  );
}
