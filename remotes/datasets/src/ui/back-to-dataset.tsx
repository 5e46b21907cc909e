import { BackButton } from '@flotilla/shared/ui';
import { useT } from '@flotilla/shared';
import { datasetDetailPath } from '../lib/paths';

/** Back to one dataset's files, above a page title; named after the dataset once it is known. */
export function BackToDataset({ id, name }: { id: string; name?: string | null }) {
  const t = useT();
  return (
    <BackButton to={datasetDetailPath(id)}>
      {name ? t('datasets.backTo', { name }) : t('datasets.backToDataset')}
    </BackButton>
  );
}
