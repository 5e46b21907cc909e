import { Button, Spin, Tree, Typography, IconFolder, IconFolderOpen, IconPlus } from '@flotilla/shared/ui/semi';
import type { TreeNodeData } from '@flotilla/shared/ui/semi';
import { failureText, useT, type Catalogue } from '@flotilla/shared';
import { ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import type { CatalogueNode } from '../../../lib/catalogue-tree';
import { ALL_FILES, NOT_IN_FOLDER } from '../../../lib/folders';
import {
  $catalogueTree,
  $cataloguesFailure,
  $cataloguesStatus,
  catalogueDialogOpened,
  cataloguesRetryClicked,
} from '../catalogues.model';
import { FolderActions } from './folder-actions';

type Node = TreeNodeData & { catalogue?: Catalogue };

function toTreeData(nodes: CatalogueNode[]): Node[] {
  return nodes.map((node) => ({
    key: node.id,
    value: node.id,
    label: node.name,
    catalogue: node,
    children: toTreeData(node.children),
  }));
}

/**
 * The folders of a dataset as a tree, with "All files" and "Not in a folder" above them; selecting one
 * shows its files. `canManage` adds the new-folder button and each folder's actions.
 */
export function CatalogueTree({
  selected,
  onSelect,
  canManage,
}: {
  selected: string;
  onSelect: (key: string) => void;
  canManage: boolean;
}) {
  const t = useT();
  const m = useUnit({
    tree: $catalogueTree,
    status: $cataloguesStatus,
    failure: $cataloguesFailure,
    retried: cataloguesRetryClicked,
    opened: catalogueDialogOpened,
  });
  const treeData = useMemo<Node[]>(
    () => [
      { key: ALL_FILES, value: ALL_FILES, label: t('datasets.catalogue.all') },
      { key: NOT_IN_FOLDER, value: NOT_IN_FOLDER, label: t('datasets.catalogue.none') },
      ...toTreeData(m.tree),
    ],
    [m.tree, t],
  );

  let body;
  if (m.status === 'error') {
    body = (
      <ErrorState
        title={t('datasets.catalogue.loadFailed')}
        description={m.failure ? failureText(m.failure, t) : undefined}
        onRetry={m.retried}
      />
    );
  } else if (m.status === 'loading') {
    body = <Spin style={{ width: '100%', padding: 24 }} />;
  } else {
    body = (
      // Semi's tree takes no accessible name; the region around it gives one.
      <section aria-label={t('datasets.catalogue.title')}>
        <Tree
          treeData={treeData}
          value={selected}
          expandAll
          onSelect={(key) => onSelect(key)}
          renderLabel={(label, node) => {
            const catalogue = (node as Node | undefined)?.catalogue;
            return (
              <span style={{ display: 'flex', alignItems: 'center', gap: 6, width: '100%', minWidth: 0 }}>
                {catalogue ? selected === catalogue.id ? <IconFolderOpen /> : <IconFolder /> : null}
                <Typography.Text ellipsis={{ showTooltip: true }} style={{ flex: 1, minWidth: 0 }}>
                  {label}
                </Typography.Text>
                {catalogue && canManage && <FolderActions catalogue={catalogue} />}
              </span>
            );
          }}
        />
      </section>
    );
  }

  return (
    <>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {t('datasets.catalogue.title')}
        </Typography.Title>
        {canManage && (
          <Button size="small" icon={<IconPlus />} onClick={() => m.opened({ kind: 'create', parentId: null })}>
            {t('datasets.catalogue.new')}
          </Button>
        )}
      </div>
      {body}
    </>
  );
}
