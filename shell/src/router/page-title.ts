import { useEffect } from 'react';
import { useT } from '@flotilla/shared';

/** The page title comes from the route meta; the default is the product's title. */
export function usePageTitle(titleId: string | null): void {
  const t = useT();
  useEffect(() => {
    document.title = titleId ? t(titleId) : t('shell.product');
  }, [t, titleId]);
}
