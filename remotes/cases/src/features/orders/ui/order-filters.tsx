import { CASE_ORDER_STATUSES, useT, type CaseOrderStatus } from '@flotilla/shared';
import { LabelledSelect } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { DayRangeFilter } from '../../../ui/day-range-filter';
import {
  $dateRange,
  $robotFilter,
  $robotOptions,
  $statusFilter,
  orderDateRangeChanged,
  orderRobotFilterChanged,
  orderStatusFilterChanged,
} from '../orders.model';
import { ORDER_STATUS_LABELS } from './order-status-labels';

/** The order list's filters beside its search box: status, robot and days placed, each sent to the server. */
export function OrderFilters() {
  const t = useT();
  const m = useUnit({
    status: $statusFilter,
    robot: $robotFilter,
    range: $dateRange,
    robots: $robotOptions,
    statusChanged: orderStatusFilterChanged,
    robotChanged: orderRobotFilterChanged,
    rangeChanged: orderDateRangeChanged,
  });
  return (
    <div className="flc-orders__filters">
      <div className="flc-orders__filter">
        <LabelledSelect
          label={t('cases.orders.statusFilter')}
          placeholder={t('cases.orders.allStatuses')}
          value={m.status ?? undefined}
          optionList={CASE_ORDER_STATUSES.map((status) => ({ value: status, label: t(ORDER_STATUS_LABELS[status]) }))}
          onChange={(value) => m.statusChanged(typeof value === 'string' ? (value as CaseOrderStatus) : null)}
          showClear
          style={{ width: '100%' }}
        />
      </div>
      <div className="flc-orders__filter">
        <LabelledSelect
          label={t('cases.orders.robotFilter')}
          placeholder={t('cases.orders.allRobots')}
          value={m.robot ?? undefined}
          optionList={m.robots.map((robot) => ({ value: robot.id, label: robot.name }))}
          onChange={(value) => m.robotChanged(typeof value === 'string' ? value : null)}
          filter
          showClear
          style={{ width: '100%' }}
        />
      </div>
      <div className="flc-orders__dates">
        <DayRangeFilter
          label={t('cases.orders.dateFilter')}
          placeholders={[t('cases.orders.dateFrom'), t('cases.orders.dateTo')]}
          range={m.range}
          onChange={m.rangeChanged}
        />
      </div>
    </div>
  );
}
