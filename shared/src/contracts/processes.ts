import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, PageQuerySchema, PageSchema } from './common';

export const PROCESS_TYPES = ['simple', 'flow'] as const;
export type ProcessType = (typeof PROCESS_TYPES)[number];

/** A robot ("process"). */
export const RobotSchema = Type.Object({
  processId: IdSchema,
  adminId: IdSchema,
  name: Type.String(),
  description: Type.String(),
  icon: Type.String(),
  type: Type.Union(PROCESS_TYPES.map((t) => Type.Literal(t))),
  enabled: Type.Boolean(),
  tags: Type.Array(Type.Object({ id: IdSchema, name: Type.String() })),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type Robot = Static<typeof RobotSchema>;

/** `GET /v1/processes`. */
export const ListRobotsQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    tagId: Type.Optional(IdSchema),
  }),
]);
export type ListRobotsQuery = Static<typeof ListRobotsQuerySchema>;
export const RobotListResponseSchema = PageSchema(RobotSchema);
export type RobotListResponse = Static<typeof RobotListResponseSchema>;

/** `POST /v1/processes`. */
export const CreateRobotBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  icon: Type.Optional(Type.String({ maxLength: 500 })),
  type: Type.Optional(Type.Union(PROCESS_TYPES.map((t) => Type.Literal(t)))),
});
export type CreateRobotBody = Static<typeof CreateRobotBodySchema>;

export const RobotParamsSchema = Type.Object({ processId: IdSchema });
export type RobotParams = Static<typeof RobotParamsSchema>;
