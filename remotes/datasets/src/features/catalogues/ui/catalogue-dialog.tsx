import { useUnit } from 'effector-react';
import { $catalogueDialog } from '../catalogues.model';
import { OpenDialog } from './open-dialog';

/** The one dialog of the tree: new folder, rename, move (a 409 says it cannot go into itself), delete. */
export function CatalogueDialog() {
  const dialog = useUnit($catalogueDialog);
  if (!dialog) return null;
  const key = dialog.kind === 'create' ? `create:${dialog.parentId ?? ''}` : `${dialog.kind}:${dialog.catalogue.id}`;
  return <OpenDialog key={key} dialog={dialog} />;
}
