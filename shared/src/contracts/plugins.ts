import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './common';
import { endpoint } from './endpoint';

/** Limits of the web-reader calls. */
export const WEB_READER_LIMITS = { url: 2000 } as const;

/** A page to read: an http(s) URL of a public site (the server refuses private addresses). */
export const ReadWebPageBodySchema = Type.Object({
  url: Type.String({ minLength: 1, maxLength: WEB_READER_LIMITS.url }),
});
export type ReadWebPageBody = Static<typeof ReadWebPageBodySchema>;

/** `?shareId=`: the live share a visitor reads a page through. */
export const ReadWebPageShareQuerySchema = Type.Object({ shareId: IdSchema });
export type ReadWebPageShareQuery = Static<typeof ReadWebPageShareQuerySchema>;

/** A page as a web reader gives it: its title (empty when it has none) and its readable text. */
export const WebPageResponseSchema = Type.Object({ title: Type.String(), text: Type.String() });
export type WebPageResponse = Static<typeof WebPageResponseSchema>;

/** Reads a web page as its title and text (staff, e.g. trying a flow's web reader in the editor). */
export const ReadWebPage = endpoint({
  method: 'POST',
  path: '/v1/plugin/request/html',
  body: ReadWebPageBodySchema,
  response: WebPageResponseSchema,
});

/** Reads a web page as its title and text for a visitor of a live share (no login; limited per address). */
export const ReadWebPageForShare = endpoint({
  method: 'POST',
  path: '/v1/plugin/request/html/share',
  query: ReadWebPageShareQuerySchema,
  body: ReadWebPageBodySchema,
  response: WebPageResponseSchema,
});
