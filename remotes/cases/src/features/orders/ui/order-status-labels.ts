import type { CaseOrderStatus } from '@flotilla/shared';

/** The message id naming each order status. */
export const ORDER_STATUS_LABELS: Record<CaseOrderStatus, string> = {
  pending: 'cases.orders.status.pending',
  paid: 'cases.orders.status.paid',
  fulfilled: 'cases.orders.status.fulfilled',
  cancelled: 'cases.orders.status.cancelled',
};
