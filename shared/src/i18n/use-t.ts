import { useLingui } from '@lingui/react';
import { useCallback } from 'react';

/** `t(id, values?)` bound to the active locale; components re-render when the locale changes. */
export function useT(): (id: string, values?: Record<string, unknown>) => string {
  // `_` is re-created by the provider on every locale or catalog change.
  const { _ } = useLingui();
  return useCallback((id: string, values?: Record<string, unknown>) => _(id, values), [_]);
}
