import { Button, Dropdown, IconMore } from '@flotilla/shared/ui/semi';
import { useT, type Catalogue } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import type { MouseEvent } from 'react';
import { catalogueDialogOpened } from '../catalogues.model';

const stopPropagation = (event: MouseEvent) => event.stopPropagation();

/** The actions of one folder, in a menu beside its name. */
export function FolderActions({ catalogue }: { catalogue: Catalogue }) {
  const t = useT();
  const opened = useUnit(catalogueDialogOpened);
  return (
    // The menu renders in a portal, but React still bubbles its clicks to the tree node, which would select it.
    <span onClick={stopPropagation} style={{ marginLeft: 'auto' }}>
      <Dropdown
        trigger="click"
        position="bottomRight"
        render={
          <Dropdown.Menu>
            <Dropdown.Item onClick={() => opened({ kind: 'create', parentId: catalogue.id })}>
              {t('datasets.catalogue.newSubfolder')}
            </Dropdown.Item>
            <Dropdown.Item onClick={() => opened({ kind: 'rename', catalogue })}>
              {t('datasets.catalogue.rename')}
            </Dropdown.Item>
            <Dropdown.Item onClick={() => opened({ kind: 'move', catalogue })}>
              {t('datasets.catalogue.move')}
            </Dropdown.Item>
            <Dropdown.Item type="danger" onClick={() => opened({ kind: 'delete', catalogue })}>
              {t('datasets.catalogue.delete')}
            </Dropdown.Item>
          </Dropdown.Menu>
        }
      >
        <Button
          size="small"
          theme="borderless"
          type="tertiary"
          icon={<IconMore />}
          aria-label={t('datasets.catalogue.actions', { name: catalogue.name })}
        />
      </Dropdown>
    </span>
  );
}
