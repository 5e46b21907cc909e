import { Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { CatalogueDialog } from '../../catalogues/ui/catalogue-dialog';
import { CatalogueTree } from '../../catalogues/ui/catalogue-tree';
import { $selectedFolder, filesClosed, filesOpened, folderSelected } from '../../dataset-files/dataset-files.model';
import { FileList } from '../../dataset-files/ui/file-list';

/** The files tab: the folder tree beside the files of the selected folder. */
export function FilesTab({ datasetId, canManage }: { datasetId: string; canManage: boolean }) {
  const m = useUnit({ folder: $selectedFolder, opened: filesOpened, closed: filesClosed, selected: folderSelected });
  const { opened, closed } = m;
  useEffect(() => {
    opened(datasetId);
    return closed;
  }, [datasetId, opened, closed]);
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <div style={{ flex: '0 0 260px', maxWidth: '100%' }}>
        <Surface>
          <CatalogueTree selected={m.folder} onSelect={m.selected} canManage={canManage} />
        </Surface>
      </div>
      <div style={{ flex: '1 1 520px', minWidth: 0 }}>
        <Surface>
          <FileList datasetId={datasetId} canManage={canManage} />
        </Surface>
      </div>
      <CatalogueDialog />
    </div>
  );
}
