import { UpdateCaseOrder, request, type CaseOrder, type CaseOrderStatus } from '@flotilla/shared';

/** An order moved to another status. */
export type OrderStatusChange = { orderId: string; status: CaseOrderStatus };

/** Moves an order to another status (the server refuses a move backwards with 409). */
export function updateOrderStatus({ orderId, status }: OrderStatusChange): Promise<CaseOrder> {
  return request(UpdateCaseOrder, { params: { orderId }, body: { status } });
}
