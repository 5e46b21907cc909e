import { loadCatalogs } from '@flotilla/shared';
import { Route, Routes } from 'react-router-dom';
import { DatasetCreatePage } from '../features/dataset-create/ui/dataset-create-page';
import { DatasetDetailPage } from '../features/dataset-detail/ui/dataset-detail-page';
import { DatasetListPage } from '../features/datasets/ui/dataset-list-page';
import { routePath } from '../lib/routes';
import { catalogs } from '../locales';
import { NotFoundPage } from '../ui/not-found-page';

loadCatalogs(catalogs);

/**
 * The datasets area, mounted by the shell inside its router. Upload, file detail and the database
 * pages are not routed yet: their paths fall through to the not-found page.
 */
export default function App() {
  return (
    <Routes>
      <Route path={routePath('dataset')} element={<DatasetListPage />} />
      <Route path={routePath('datasetCreate')} element={<DatasetCreatePage />} />
      <Route path={routePath('datasetDetail')} element={<DatasetDetailPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
