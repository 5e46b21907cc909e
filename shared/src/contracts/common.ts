import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Roles a user can hold (docs/product-rules.md, Roles). `*` in a route's roles means any role. */
export const ROLES = ['admin', 'operator', 'agent'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = Type.Union(ROLES.map((r) => Type.Literal(r)));

/** Locales the console speaks; the first is the default. */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const FALLBACK_LOCALE: Locale = 'en-US';

/** A text in both languages, as the server's menu and other data-driven labels carry it. */
export const LocalizedTextSchema = Type.Object({ 'zh-CN': Type.String(), 'en-US': Type.String() });
export type LocalizedText = Static<typeof LocalizedTextSchema>;

export const IdSchema = Type.String({ minLength: 1, maxLength: 64 });
export const IsoDateSchema = Type.String({ format: 'date-time', maxLength: 40 });

/** The furthest a page may start: far beyond any real list, and well inside what SQL's OFFSET takes. */
export const MAX_PAGE_OFFSET = 10_000_000;
/** `offset` of every paged call: bounded, so `1e308` or `Infinity` is refused with 422 rather than reaching SQL. */
export const OffsetSchema = Type.Integer({ minimum: 0, maximum: MAX_PAGE_OFFSET, default: 0 });

/** Paging query of every list call: `offset` + `limit`. */
export const PageQuerySchema = Type.Object({
  offset: OffsetSchema,
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
});
export type PageQuery = Static<typeof PageQuerySchema>;

/** Answer of every list call: `{ list, total }`. */
export const PageSchema = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer({ minimum: 0 }) });
export type Page<T> = { list: T[]; total: number };

/** Empty success answer of calls that only change state. */
export const OkSchema = Type.Object({ ok: Type.Literal(true) });
export type Ok = Static<typeof OkSchema>;

/** The product's constants (docs/product-rules.md, Constants). */
export const LIMITS = {
  requestTimeoutMs: 200000,
  chatSessionPageSize: 40,
  chatMessagePageSize: 10,
  versionCheckIntervalMs: 600000,
  breakpoints: [600, 1024, 1440, 1920],
  defaultNodePosition: { x: 200, y: 200 },
} as const;
