import { Button } from '@douyinfe/semi-ui';
import { IconArrowLeft } from '@douyinfe/semi-icons';
import { useT } from '@flotilla/shared';
import { useNavigate } from 'react-router-dom';
import { DATASET_LIST_PATH } from '../lib/paths';

/** Back to the dataset list, above a page title. */
export function BackToDatasets() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div>
      <Button theme="borderless" type="tertiary" icon={<IconArrowLeft />} onClick={() => navigate(DATASET_LIST_PATH)} style={{ paddingLeft: 0 }}>
        {t('datasets.back')}
      </Button>
    </div>
  );
}
