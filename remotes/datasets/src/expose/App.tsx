import './shared-api-check';
import { loadCatalogs, ownedRoutePath, useT } from '@flotilla/shared';
import { NotFoundState } from '@flotilla/shared/ui';
import { Route, Routes } from 'react-router-dom';
import { DatabaseDetailPage } from '../features/database-detail/ui/database-detail-page';
import { DatabaseListPage } from '../features/database-list/ui/database-list-page';
import { DatasetCreatePage } from '../features/dataset-create/ui/dataset-create-page';
import { DatasetDetailPage } from '../features/dataset-detail/ui/dataset-detail-page';
import { DatasetListPage } from '../features/datasets/ui/dataset-list-page';
import { FileDetailPage } from '../features/file-detail/ui/file-detail-page';
import { UploadPage } from '../features/file-upload/ui/upload-page';
import { DATASET_LIST_PATH } from '../lib/paths';
import { catalogs } from '../locales';

loadCatalogs(catalogs);

/**
 * The datasets area, mounted by the shell inside its router. The search test is a tab of the detail
 * page (ROUTES has no route for it), as are the tabs of a database's detail page.
 */
export default function App() {
  const t = useT();
  return (
    <Routes>
      <Route path={ownedRoutePath('datasets', 'dataset')} element={<DatasetListPage />} />
      <Route path={ownedRoutePath('datasets', 'datasetCreate')} element={<DatasetCreatePage />} />
      <Route path={ownedRoutePath('datasets', 'datasetDetail')} element={<DatasetDetailPage />} />
      <Route path={ownedRoutePath('datasets', 'datasetUpload')} element={<UploadPage />} />
      <Route path={ownedRoutePath('datasets', 'fileDetail')} element={<FileDetailPage />} />
      <Route path={ownedRoutePath('datasets', 'database')} element={<DatabaseListPage />} />
      <Route path={ownedRoutePath('datasets', 'databaseDetail')} element={<DatabaseDetailPage />} />
      <Route path="*" element={<NotFoundState backTo={DATASET_LIST_PATH} backLabel={t('datasets.notFound.back')} />} />
    </Routes>
  );
}
