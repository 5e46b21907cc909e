import type { Catalog } from '@flotilla/shared';

/** en-US messages of the shell's low-balance parts; every id is also in the other language's file. */
export const enUS: Catalog = {
  'shell.lowBalance.label': 'Low balance',
  'shell.lowBalance.tip':
    'Your balance of {balance} credits is below {threshold}. Recharge to keep your robots answering.',
};
