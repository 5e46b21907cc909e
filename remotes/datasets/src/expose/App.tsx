import { loadCatalogs, ownedRoutePath, useT } from '@flotilla/shared';
import { NotFoundState } from '@flotilla/shared/ui';
import { Route, Routes } from 'react-router-dom';
import { DatasetCreatePage } from '../features/dataset-create/ui/dataset-create-page';
import { DatasetDetailPage } from '../features/dataset-detail/ui/dataset-detail-page';
import { DatasetListPage } from '../features/datasets/ui/dataset-list-page';
import { DATASET_LIST_PATH } from '../lib/paths';
import { catalogs } from '../locales';

loadCatalogs(catalogs);

/**
 * The datasets area, mounted by the shell inside its router. Upload, file detail and the database
 * pages are not routed yet: their paths fall through to the not-found state.
 */
export default function App() {
  const t = useT();
  return (
    <Routes>
      <Route path={ownedRoutePath('datasets', 'dataset')} element={<DatasetListPage />} />
      <Route path={ownedRoutePath('datasets', 'datasetCreate')} element={<DatasetCreatePage />} />
      <Route path={ownedRoutePath('datasets', 'datasetDetail')} element={<DatasetDetailPage />} />
      <Route path="*" element={<NotFoundState backTo={DATASET_LIST_PATH} backLabel={t('datasets.notFound.back')} />} />
    </Routes>
  );
}
