import { Button, Popconfirm, Table, Typography, IconDelete, IconEdit, IconPlus } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { CREDIT_LIMITS, useT, type CreditPackage } from '@flotilla/shared';
import { EmptyState, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { formatPrice } from '../lib/ledger-query';
import { $packages, packageAddClicked, packageDeleteConfirmed, packageEditClicked } from '../recharge-center.model';

/** The tenant's packages (money → credits) with add, change and remove (admins). */
export function PackagesPanel() {
  const t = useT();
  const [packages, added, edited, deleted] = useUnit([
    $packages,
    packageAddClicked,
    packageEditClicked,
    packageDeleteConfirmed,
  ]);
  const full = packages.length >= CREDIT_LIMITS.packagesMax;

  const columns = useMemo<ColumnProps<CreditPackage>[]>(
    () => [
      { title: t('users.recharge.packages.name'), dataIndex: 'name' },
      {
        title: t('users.recharge.packages.price'),
        dataIndex: 'priceCents',
        align: 'right',
        render: (cents: number) => formatPrice(cents),
      },
      {
        title: t('users.recharge.packages.credits'),
        dataIndex: 'credits',
        align: 'right',
        render: (credits: number) => credits.toLocaleString(),
      },
      {
        title: t('users.recharge.packages.actions'),
        dataIndex: 'id',
        width: 110,
        render: (_: unknown, pack: CreditPackage) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            <Button
              theme="borderless"
              icon={<IconEdit />}
              aria-label={t('users.recharge.packages.edit', { name: pack.name })}
              onClick={() => edited(pack)}
            />
            <Popconfirm
              title={t('users.recharge.packages.deleteTitle', { name: pack.name })}
              content={t('users.recharge.packages.deleteContent')}
              okText={t('users.recharge.packages.deleteOk')}
              okType="danger"
              cancelText={t('users.recharge.cancel')}
              onConfirm={() => {
                deleted(pack.id);
              }}
            >
              <Button
                theme="borderless"
                type="danger"
                icon={<IconDelete />}
                aria-label={t('users.recharge.packages.delete', { name: pack.name })}
              />
            </Popconfirm>
          </span>
        ),
      },
    ],
    [t, edited, deleted],
  );

  return (
    <Surface>
      <div className="flu-recharge__toolbar">
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {t('users.recharge.packages.title')}
        </Typography.Title>
        <Button
          className="flu-recharge__toolbar-end"
          icon={<IconPlus />}
          disabled={full}
          title={full ? t('users.recharge.packages.full', { max: CREDIT_LIMITS.packagesMax }) : undefined}
          onClick={() => added()}
          data-testid="package-add"
        >
          {t('users.recharge.packages.add')}
        </Button>
      </div>
      <Table<CreditPackage>
        rowKey="id"
        columns={columns}
        dataSource={packages}
        pagination={false}
        className="flu-recharge__table"
        scroll={{ x: 420 }}
        data-testid="packages"
        empty={
          <EmptyState title={t('users.recharge.packages.empty')} description={t('users.recharge.packages.emptyHint')} />
        }
      />
    </Surface>
  );
}
