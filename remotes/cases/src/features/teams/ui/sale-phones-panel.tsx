import { Banner, Button, IconDelete, Input, Popconfirm, Typography } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { failureText, useDateTime, useT, type CaseSalePhone, type Failure } from '@flotilla/shared';
import { EmptyState, PagedTable, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useMemo, type FormEvent } from 'react';
import {
  $addingPhone,
  $phoneDraft,
  $phoneFailure,
  $phoneInvalid,
  phoneDraftChanged,
  phoneList,
  phoneSubmitted,
} from '../teams.model';

function errorText(t: (id: string, values?: Record<string, unknown>) => string, error: Failure): string {
  if (error.code === 'CASE_SALE_PHONE_TAKEN') return t('cases.phones.taken');
  if (error.code === 'CASE_SALE_PHONES_FULL') return t('cases.phones.full');
  return t('cases.phones.addFailed', { message: failureText(error, t) });
}

/** The phones allowed to receive cases: when the list is empty, every team member may receive them. */
export function SalePhonesPanel() {
  const t = useT();
  const formatDate = useDateTime();
  const [adding, failure, phone, invalid, changed, submitted, deleteConfirmed] = useUnit([
    $addingPhone,
    $phoneFailure,
    $phoneDraft,
    $phoneInvalid,
    phoneDraftChanged,
    phoneSubmitted,
    phoneList.deleteConfirmed,
  ]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };

  const columns = useMemo<ColumnProps<CaseSalePhone>[]>(
    () => [
      { title: t('cases.phones.column.phone'), dataIndex: 'phone' },
      { title: t('cases.phones.column.createdAt'), dataIndex: 'createdAt', render: (_, p) => formatDate(p.createdAt) },
      {
        title: t('cases.phones.column.actions'),
        dataIndex: 'id',
        width: 90,
        render: (_, p) => (
          <Popconfirm
            title={t('cases.phones.deleteConfirm', { phone: p.phone })}
            okText={t('cases.phones.deleteOk')}
            cancelText={t('cases.teams.cancel')}
            onConfirm={() => {
              deleteConfirmed(p);
            }}
          >
            <Button
              theme="borderless"
              type="danger"
              icon={<IconDelete />}
              aria-label={t('cases.phones.delete', { phone: p.phone })}
            />
          </Popconfirm>
        ),
      },
    ],
    [t, formatDate, deleteConfirmed],
  );

  return (
    <Surface>
      <section className="flc-teams__phones" aria-label={t('cases.phones.title')}>
        <Typography.Title heading={5}>{t('cases.phones.title')}</Typography.Title>
        <Typography.Paragraph type="tertiary">{t('cases.phones.description')}</Typography.Paragraph>
        <form className="flc-teams__phone-form" onSubmit={submit}>
          <Input
            value={phone}
            onChange={changed}
            placeholder={t('cases.phones.placeholder')}
            aria-label={t('cases.phones.placeholder')}
            validateStatus={invalid ? 'error' : 'default'}
            maxLength={32}
          />
          <Button htmlType="submit" theme="solid" loading={adding}>
            {t('cases.phones.add')}
          </Button>
        </form>
        {invalid && <Typography.Text type="danger">{t('cases.phones.invalid')}</Typography.Text>}
        {failure && <Banner type="danger" closeIcon={null} description={errorText(t, failure)} />}
        <PagedTable
          list={phoneList}
          rowKey="id"
          columns={columns}
          searchLabel={t('cases.phones.search')}
          totalLabel={(count) => t('cases.phones.total', { count })}
          empty={<EmptyState title={t('cases.phones.empty')} description={t('cases.phones.emptyHint')} />}
          failedTitle={t('cases.phones.loadFailed')}
        />
      </section>
    </Surface>
  );
}
