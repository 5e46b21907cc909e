import { Button, IconArrowLeft } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { DATASET_LIST_PATH, datasetDetailPath } from '../lib/paths';

function BackButton({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div>
      <Button theme="borderless" type="tertiary" icon={<IconArrowLeft />} onClick={() => navigate(to)} style={{ paddingLeft: 0 }}>
        {children}
      </Button>
    </div>
  );
}

/** Back to the dataset list, above a page title. */
export function BackToDatasets() {
  const t = useT();
  return <BackButton to={DATASET_LIST_PATH}>{t('datasets.back')}</BackButton>;
}

/** Back to one dataset's files, above a page title; named after the dataset once it is known. */
export function BackToDataset({ id, name }: { id: string; name?: string | null }) {
  const t = useT();
  return <BackButton to={datasetDetailPath(id)}>{name ? t('datasets.backTo', { name }) : t('datasets.backToDataset')}</BackButton>;
}
