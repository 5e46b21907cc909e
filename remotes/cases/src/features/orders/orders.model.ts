import { createEffect, createEvent, createStore, sample } from 'effector';
import {
  createPagedList,
  toFailure,
  type CaseOrder,
  type CaseOrderStatus,
  type Failure,
  type ListCaseOrdersQuery,
} from '@flotilla/shared';
import type { InstantRange } from '../../lib/day-range';
import { listOrderRobotOptions } from './api/list-order-robot-options';
import { listOrders } from './api/list-orders';
import { updateOrderStatus, type OrderStatusChange } from './api/update-order-status';

export const ORDERS_PAGE_SIZE = 20;

/** The orders of business-scene robots, filtered and paged on the server. */
export const orderList = createPagedList<ListCaseOrdersQuery, CaseOrder>({
  fetchPage: listOrders,
  itemKey: (order) => order.id,
  pageSize: ORDERS_PAGE_SIZE,
});

/** The orders page was opened. */
export const ordersPageOpened = createEvent();
/** The user picked a status to show, or all (`null`). */
export const orderStatusFilterChanged = createEvent<CaseOrderStatus | null>();
/** The user picked a robot whose orders to show, or all (`null`). */
export const orderRobotFilterChanged = createEvent<string | null>();
/** The user picked the days the orders were placed in, or cleared them (`null`). */
export const orderDateRangeChanged = createEvent<InstantRange | null>();
/** The user moved an order to another status. */
export const orderStatusChanged = createEvent<OrderStatusChange>();

export const loadRobotOptionsFx = createEffect(listOrderRobotOptions);
export const updateOrderStatusFx = createEffect(updateOrderStatus);

export const $query = orderList.$query;
export const $statusFilter = $query.map((query): CaseOrderStatus | null => query.status ?? null, { skipVoid: false });
export const $robotFilter = $query.map((query) => query.processId ?? null, { skipVoid: false });
export const $dateRange = $query.map(
  (query): InstantRange | null => (query.from && query.to ? { from: query.from, to: query.to } : null),
  { skipVoid: false },
);
export const $hasFilters = $query.map((query) =>
  Boolean(query.keyword || query.status || query.processId || query.from || query.to),
);

export const $robotOptions = createStore<{ id: string; name: string }[]>([]).on(
  loadRobotOptionsFx.doneData,
  (_, robots) => robots,
);
/** Orders whose status change is on its way: their pickers wait. */
export const $updatingIds = createStore<string[]>([])
  .on(updateOrderStatusFx, (ids, { orderId }) => [...ids, orderId])
  .on(updateOrderStatusFx.finally, (ids, { params }) => ids.filter((id) => id !== params.orderId));
/** Why the last status change failed; cleared by the next success. */
export const $updateFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(updateOrderStatusFx.failData, (_, error) => toFailure(error))
  .reset(updateOrderStatusFx.done);

sample({ clock: ordersPageOpened, target: [orderList.pageOpened, loadRobotOptionsFx] });
sample({ clock: orderStatusFilterChanged, fn: (status) => ({ status }), target: orderList.filtersChanged });
sample({ clock: orderRobotFilterChanged, fn: (processId) => ({ processId }), target: orderList.filtersChanged });
sample({
  clock: orderDateRangeChanged,
  fn: (range) => ({ from: range?.from ?? null, to: range?.to ?? null }),
  target: orderList.filtersChanged,
});
sample({
  clock: orderStatusChanged,
  source: $updatingIds,
  filter: (ids, change) => !ids.includes(change.orderId),
  fn: (_, change) => change,
  target: updateOrderStatusFx,
});
sample({ clock: updateOrderStatusFx.finally, target: orderList.reloadRequested });
