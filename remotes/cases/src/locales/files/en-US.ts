import type { Catalog } from '@flotilla/shared';

/** en-US messages of the cases remote's files screens; every id is also in the other language's file. */
export const enUS: Catalog = {};
