import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';
import { TotalSchema } from './cases';

/**
 * Orders: a case opened by a business-scene robot whose form names a `product` and an `amount` records one
 * (docs/case-teams.md). Amounts are money in integer cents, so no rounding ever shows.
 */
export const CASE_ORDER_LIMITS = {
  /** 10,000,000.00 in cents: fits every database's integer column. */
  amountCentsMax: 1_000_000_000,
  quantityMax: 1_000_000,
  productMax: 200,
} as const;

/**
 * An order's life: placed (pending), paid, fulfilled, or cancelled. Moves go forward only; fulfilled and
 * cancelled are final ({@link CASE_ORDER_MOVES}).
 */
export const CASE_ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'cancelled'] as const;
export type CaseOrderStatus = (typeof CASE_ORDER_STATUSES)[number];
export const CaseOrderStatusSchema = Type.Union(CASE_ORDER_STATUSES.map((s) => Type.Literal(s)));

/** The statuses each status may move to. */
export const CASE_ORDER_MOVES: Readonly<Record<CaseOrderStatus, readonly CaseOrderStatus[]>> = {
  pending: ['paid', 'cancelled'],
  paid: ['fulfilled', 'cancelled'],
  fulfilled: [],
  cancelled: [],
};

/** An order as the console shows it. */
export const CaseOrderSchema = Type.Object({
  id: IdSchema,
  caseId: IdSchema,
  processId: IdSchema,
  /** Empty when the robot was deleted. */
  processName: Type.String(),
  product: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
  /** The order's total, in cents. */
  amountCents: Type.Integer({ minimum: 0 }),
  customer: Type.String(),
  phone: Type.String(),
  status: CaseOrderStatusSchema,
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type CaseOrder = Static<typeof CaseOrderSchema>;

/**
 * Filters of the order list: a keyword in the product, customer or phone, status, robot, creation time
 * (`from` included, `to` excluded).
 */
export const CaseOrderFilterQuerySchema = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(CaseOrderStatusSchema),
  processId: Type.Optional(IdSchema),
  from: Type.Optional(IsoDateSchema),
  to: Type.Optional(IsoDateSchema),
});
export type CaseOrderFilterQuery = Static<typeof CaseOrderFilterQuerySchema>;

export const ListCaseOrdersQuerySchema = Type.Composite([PageQuerySchema, CaseOrderFilterQuerySchema]);
export type ListCaseOrdersQuery = Static<typeof ListCaseOrdersQuerySchema>;
export const CaseOrderListResponseSchema = PageSchema(CaseOrderSchema);
export type CaseOrderListResponse = Static<typeof CaseOrderListResponseSchema>;

/** `GET /v1/case/orders`: one page of the tenant's orders, newest first. */
export const ListCaseOrders = endpoint({
  method: 'GET',
  path: '/v1/case/orders',
  query: ListCaseOrdersQuerySchema,
  response: CaseOrderListResponseSchema,
});

/** `GET /v1/case/orders/total`: how many orders the filters match. */
export const CountCaseOrders = endpoint({
  method: 'GET',
  path: '/v1/case/orders/total',
  query: CaseOrderFilterQuerySchema,
  response: TotalSchema,
});

export const CaseOrderParamsSchema = Type.Object({ orderId: IdSchema });
export type CaseOrderParams = Static<typeof CaseOrderParamsSchema>;
export const UpdateCaseOrderBodySchema = Type.Object({ status: CaseOrderStatusSchema });
export type UpdateCaseOrderBody = Static<typeof UpdateCaseOrderBodySchema>;

/** `PUT /v1/case/orders/{orderId}`: moves an order's status (409 when the move is not allowed). */
export const UpdateCaseOrder = endpoint({
  method: 'PUT',
  path: '/v1/case/orders/{orderId}',
  params: CaseOrderParamsSchema,
  body: UpdateCaseOrderBodySchema,
  response: CaseOrderSchema,
});
