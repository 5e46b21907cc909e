import {
  CASE_ORDER_MOVES,
  usePermission,
  OPERATORS,
  useT,
  type CaseOrder,
  type CaseOrderStatus,
} from '@flotilla/shared';
import { LabelledSelect } from '@flotilla/shared/ui';
import { Tag } from '@flotilla/shared/ui/semi';
import { useUnit } from 'effector-react';
import { $updatingIds, orderStatusChanged } from '../orders.model';
import { ORDER_STATUS_LABELS } from './order-status-labels';

/** An order's status; an operator moves it forward (only the moves the server allows are offered). */
export function OrderStatusSelect({ order }: { order: CaseOrder }) {
  const t = useT();
  const manage = usePermission(OPERATORS);
  const [updating, changed] = useUnit([$updatingIds, orderStatusChanged]);
  const moves = CASE_ORDER_MOVES[order.status];
  if (!manage || moves.length === 0)
    return (
      <Tag type="ghost" color={order.status === 'cancelled' ? 'grey' : order.status === 'fulfilled' ? 'green' : 'blue'}>
        {t(ORDER_STATUS_LABELS[order.status])}
      </Tag>
    );
  return (
    <LabelledSelect
      label={t('cases.orders.statusOf', { product: order.product })}
      size="small"
      value={order.status}
      disabled={updating.includes(order.id)}
      optionList={[order.status, ...moves].map((status) => ({ value: status, label: t(ORDER_STATUS_LABELS[status]) }))}
      onChange={(value) => {
        if (typeof value === 'string' && value !== order.status)
          changed({ orderId: order.id, status: value as CaseOrderStatus });
      }}
      style={{ width: 130 }}
    />
  );
}
