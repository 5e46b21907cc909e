import { Button, Tag } from '@flotilla/shared/ui/semi';
import { CASE_ORDER_MOVES, OPERATORS, usePermission, useT, type CaseOrder } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { $updatingIds, orderStatusChanged } from '../orders.model';
import { ORDER_STATUS_LABELS } from './order-status-labels';

const STATUS_COLORS = { pending: 'blue', paid: 'cyan', fulfilled: 'green', cancelled: 'grey' } as const;

/** An order's status and, for an operator, a button for each status it may move to next. */
export function OrderStatusCell({ order }: { order: CaseOrder }) {
  const t = useT();
  const manage = usePermission(OPERATORS);
  const [updating, changed] = useUnit([$updatingIds, orderStatusChanged]);
  return (
    <span className="flc-orders__status">
      <Tag type="ghost" color={STATUS_COLORS[order.status]}>
        {t(ORDER_STATUS_LABELS[order.status])}
      </Tag>
      {manage &&
        CASE_ORDER_MOVES[order.status].map((status) => (
          <Button
            key={status}
            size="small"
            theme="borderless"
            type={status === 'cancelled' ? 'danger' : 'primary'}
            disabled={updating.includes(order.id)}
            aria-label={t('cases.orders.moveTo', { product: order.product, status: t(ORDER_STATUS_LABELS[status]) })}
            onClick={() => changed({ orderId: order.id, status })}
          >
            {t(ORDER_STATUS_LABELS[status])}
          </Button>
        ))}
    </span>
  );
}
