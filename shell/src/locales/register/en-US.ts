import type { Catalog } from '@flotilla/shared';

/** en-US messages of the shell's register parts; every id is also in the other language's file. */
export const enUS: Catalog = {};
