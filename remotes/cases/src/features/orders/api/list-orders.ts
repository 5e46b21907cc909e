import { ListCaseOrders, request, type CaseOrderListResponse, type ListCaseOrdersQuery } from '@flotilla/shared';

/** One page of orders, filtered by status, robot, creation time and keyword on the server. */
export function listOrders(query: ListCaseOrdersQuery): Promise<CaseOrderListResponse> {
  return request(ListCaseOrders, { query });
}
