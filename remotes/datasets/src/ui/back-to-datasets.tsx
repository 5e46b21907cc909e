import { BackButton } from '@flotilla/shared/ui';
import { useT } from '@flotilla/shared';
import { DATASET_LIST_PATH } from '../lib/paths';

/** Back to the dataset list, above a page title. */
export function BackToDatasets() {
  const t = useT();
  return <BackButton to={DATASET_LIST_PATH}>{t('datasets.back')}</BackButton>;
}
