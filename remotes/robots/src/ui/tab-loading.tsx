import { Spin } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';

/** A detail tab whose values are on their way. */
export function TabLoading() {
  const t = useT();
  return <Spin size="large" tip={t('robots.tab.loading')} style={{ width: '100%', padding: 48 }} />;
}
