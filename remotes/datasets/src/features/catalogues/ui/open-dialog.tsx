import { Banner, Input, Modal, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { flattenCatalogueTree, subtreeIds } from '../../../lib/catalogue-tree';
import {
  $catalogueChangeFailure,
  $catalogueChanging,
  $catalogues,
  $catalogueTree,
  catalogueCreateSubmitted,
  catalogueDeleteConfirmed,
  catalogueDialogClosed,
  catalogueMoveSubmitted,
  catalogueRenameSubmitted,
  type CatalogueDialog as Dialog,
} from '../catalogues.model';
import { LabelledSelect } from '@flotilla/shared/ui';

/** The value of "the top" in the move picker (no catalogue id looks like it). */
const TOP = '';
const NAME_MAX = 100;

type T = (id: string, values?: Record<string, unknown>) => string;

function dialogText(dialog: Dialog, t: T) {
  switch (dialog.kind) {
    case 'create':
      return { title: t('datasets.catalogue.new'), ok: t('datasets.catalogue.createOk') };
    case 'rename':
      return {
        title: t('datasets.catalogue.renameTitle', { name: dialog.catalogue.name }),
        ok: t('datasets.catalogue.renameOk'),
      };
    case 'move':
      return {
        title: t('datasets.catalogue.moveTitle', { name: dialog.catalogue.name }),
        ok: t('datasets.catalogue.moveOk'),
      };
    case 'delete':
      return {
        title: t('datasets.catalogue.deleteTitle', { name: dialog.catalogue.name }),
        ok: t('datasets.catalogue.deleteOk'),
      };
  }
}

function initialName(dialog: Dialog): string {
  return dialog.kind === 'rename' ? dialog.catalogue.name : '';
}

function initialParent(dialog: Dialog): string {
  return dialog.kind === 'move' ? (dialog.catalogue.parentId ?? TOP) : TOP;
}

/** One open dialog; a new one (another key) starts from its own values. */
export function OpenDialog({ dialog }: { dialog: Dialog }) {
  const t = useT();
  const m = useUnit({
    catalogues: $catalogues,
    tree: $catalogueTree,
    changing: $catalogueChanging,
    failure: $catalogueChangeFailure,
    closed: catalogueDialogClosed,
    created: catalogueCreateSubmitted,
    renamed: catalogueRenameSubmitted,
    moved: catalogueMoveSubmitted,
    deleted: catalogueDeleteConfirmed,
  });
  const [name, setName] = useState(initialName(dialog));
  const [parent, setParent] = useState(initialParent(dialog));
  const { title, ok } = dialogText(dialog, t);
  const cancel = t('datasets.cancel');

  const submit = () => {
    if (dialog.kind === 'create') m.created(name);
    else if (dialog.kind === 'rename') m.renamed(name);
    else if (dialog.kind === 'move') m.moved(parent === TOP ? null : parent);
    else m.deleted();
  };

  let body;
  if (dialog.kind === 'create' || dialog.kind === 'rename') {
    body = (
      <Input
        value={name}
        onChange={setName}
        onEnterPress={submit}
        maxLength={NAME_MAX}
        autoFocus
        aria-label={t('datasets.catalogue.name')}
        placeholder={t('datasets.catalogue.name')}
      />
    );
  } else if (dialog.kind === 'move') {
    // Into itself or under itself is refused by the server (409); the picker does not offer it.
    const blocked = subtreeIds(m.catalogues, dialog.catalogue.id);
    const options = [
      { value: TOP, label: t('datasets.catalogue.top') },
      ...flattenCatalogueTree(m.tree).map(({ catalogue, depth }) => ({
        value: catalogue.id,
        label: <span style={{ paddingLeft: depth * 16 }}>{catalogue.name}</span>,
        disabled: blocked.has(catalogue.id),
      })),
    ];
    body = (
      <>
        <Typography.Paragraph style={{ marginBottom: 8 }}>
          {t('datasets.catalogue.moveHint', { name: dialog.catalogue.name })}
        </Typography.Paragraph>
        <LabelledSelect
          value={parent}
          onSelect={(value) => setParent(String(value))}
          optionList={options}
          label={t('datasets.catalogue.newParent')}
          style={{ width: '100%' }}
        />
      </>
    );
  } else {
    body = <Typography.Paragraph>{t('datasets.catalogue.deleteContent')}</Typography.Paragraph>;
  }

  let failure: string | null = null;
  if (m.failure)
    failure =
      dialog.kind === 'move' && m.failure.status === 409
        ? t('datasets.catalogue.moveIntoItself')
        : failureText(m.failure, t);
  const needsName = dialog.kind === 'create' || dialog.kind === 'rename';

  return (
    <Modal
      visible
      title={title}
      okText={ok}
      cancelText={cancel}
      okType={dialog.kind === 'delete' ? 'danger' : 'primary'}
      confirmLoading={m.changing}
      // Semi labels its buttons "confirm"/"cancel" for screen readers; give them the visible words.
      okButtonProps={{ 'aria-label': ok, disabled: needsName && !name.trim() }}
      cancelButtonProps={{ 'aria-label': cancel }}
      onOk={submit}
      onCancel={m.closed}
      width={440}
    >
      {failure && (
        <Banner type="danger" fullMode={false} closeIcon={null} description={failure} style={{ marginBottom: 12 }} />
      )}
      {body}
    </Modal>
  );
}
