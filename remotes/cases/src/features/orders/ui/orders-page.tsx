import { Banner, Button } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { failureText, useDateTime, useT, type CaseOrder } from '@flotilla/shared';
import { EmptyState, Page, PagedTable, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { caseDetailPath } from '../../../lib/paths';
import { formatCents } from '../lib/format-cents';
import { $hasFilters, $updateFailure, orderList, ordersPageOpened } from '../orders.model';
import { OrderFilters } from './order-filters';
import { OrderStatusCell } from './order-status-cell';
import './orders.css';

/** /case/orders: orders placed through business-scene robots, filtered and paged on the server. */
export function OrdersPage() {
  const t = useT();
  const formatDate = useDateTime();
  const [opened, hasFilters, filtersCleared, failure] = useUnit([
    ordersPageOpened,
    $hasFilters,
    orderList.filtersCleared,
    $updateFailure,
  ]);
  useEffect(() => {
    opened();
  }, [opened]);

  const columns = useMemo<ColumnProps<CaseOrder>[]>(
    () => [
      {
        title: t('cases.orders.column.product'),
        dataIndex: 'product',
        render: (_, order) => (
          <div>
            <strong>{order.product}</strong>
            <div className="flc-orders__muted">
              <Link to={caseDetailPath(order.caseId)}>{t('cases.orders.openCase')}</Link>
            </div>
          </div>
        ),
      },
      { title: t('cases.orders.column.quantity'), dataIndex: 'quantity', width: 90 },
      {
        title: t('cases.orders.column.amount'),
        dataIndex: 'amountCents',
        width: 120,
        render: (_, order) => formatCents(order.amountCents),
      },
      {
        title: t('cases.orders.column.customer'),
        dataIndex: 'customer',
        render: (_, order) => (
          <div>
            <div>{order.customer || t('cases.orders.anonymous')}</div>
            {order.phone && <div className="flc-orders__muted">{order.phone}</div>}
          </div>
        ),
      },
      {
        title: t('cases.orders.column.robot'),
        dataIndex: 'processName',
        render: (_, order) =>
          order.processName || <span className="flc-orders__muted">{t('cases.orders.robotDeleted')}</span>,
      },
      {
        title: t('cases.orders.column.status'),
        dataIndex: 'status',
        width: 220,
        render: (_, order) => <OrderStatusCell order={order} />,
      },
      {
        title: t('cases.orders.column.createdAt'),
        dataIndex: 'createdAt',
        width: 170,
        render: (_, order) => formatDate(order.createdAt),
      },
    ],
    [t, formatDate],
  );

  const empty = hasFilters ? (
    <EmptyState
      title={t('cases.orders.noMatch')}
      description={t('cases.orders.noMatchHint')}
      action={<Button onClick={() => filtersCleared()}>{t('cases.orders.clearFilters')}</Button>}
    />
  ) : (
    <EmptyState title={t('cases.orders.empty')} description={t('cases.orders.emptyHint')} />
  );

  return (
    <Page>
      <PageHeader title={t('cases.orders.title')} description={t('cases.orders.description')} />
      {failure && (
        <Banner
          type="danger"
          closeIcon={null}
          description={
            failure.code === 'CASE_ORDER_STATUS_MOVE'
              ? t('cases.orders.moveRefused')
              : t('cases.orders.updateFailed', { message: failureText(failure, t) })
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <Surface>
        <div className="flc-orders__table">
          <PagedTable
            list={orderList}
            rowKey="id"
            columns={columns}
            searchLabel={t('cases.orders.search')}
            filters={<OrderFilters />}
            totalLabel={(count) => t('cases.orders.total', { count })}
            empty={empty}
            failedTitle={t('cases.orders.loadFailed')}
          />
        </div>
      </Surface>
    </Page>
  );
}
