import { Button, IconPlus } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { robotDetailPath, useDateTime, useT, type SceneRobot } from '@flotilla/shared';
import { BackButton, EmptyState, Page, PagedTable, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ROBOT_LIST_PATH } from '../../../lib/paths';
import { $keyword, $templates, sceneList, sceneListOpened } from '../business-scenes.model';
import { SCENE_CREATE_PATH } from '../lib/scene-paths';
import { SceneRowActions } from './scene-row-actions';

/** `/business-scene`: the robots built from scene templates, searched and paged on the server. */
export function SceneListPage() {
  const t = useT();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const m = useUnit({ templates: $templates, keyword: $keyword, opened: sceneListOpened });
  const { opened } = m;
  useEffect(() => opened(), [opened]);

  const createButton = (
    <Button theme="solid" type="primary" icon={<IconPlus />} onClick={() => navigate(SCENE_CREATE_PATH)}>
      {t('robots.scenes.new')}
    </Button>
  );
  const templateNames = useMemo(
    () => new Map(m.templates.map((template) => [template.id, template.name])),
    [m.templates],
  );
  const columns = useMemo<ColumnProps<SceneRobot>[]>(
    () => [
      {
        title: t('robots.scenes.column.name'),
        dataIndex: 'name',
        render: (_, row) => <Link to={robotDetailPath(row.robot.processId)}>{row.robot.name}</Link>,
      },
      {
        title: t('robots.scenes.column.template'),
        dataIndex: 'templateId',
        width: 220,
        render: (_, row) => templateNames.get(row.templateId) ?? row.templateId,
      },
      {
        title: t('robots.scenes.column.updatedAt'),
        dataIndex: 'updatedAt',
        width: 200,
        render: (_, row) => formatDate(row.robot.updatedAt),
      },
      {
        title: t('robots.scenes.column.actions'),
        dataIndex: 'actions',
        width: 300,
        render: (_, row) => <SceneRowActions robot={row.robot} />,
      },
    ],
    [t, formatDate, templateNames],
  );

  const empty = m.keyword ? (
    <EmptyState title={t('robots.scenes.noMatch', { keyword: m.keyword })} />
  ) : (
    <EmptyState title={t('robots.scenes.empty')} description={t('robots.scenes.emptyHint')} action={createButton} />
  );
  return (
    <Page>
      <PageHeader
        back={<BackButton to={ROBOT_LIST_PATH}>{t('robots.list.title')}</BackButton>}
        title={t('robots.scenes.title')}
        description={t('robots.scenes.description')}
        extra={createButton}
      />
      <Surface>
        <PagedTable
          list={sceneList}
          rowKey={(row?: SceneRobot) => row?.robot.processId ?? ''}
          columns={columns}
          searchLabel={t('robots.scenes.search')}
          totalLabel={(count) => t('robots.scenes.total', { count })}
          empty={empty}
          failedTitle={t('robots.scenes.listFailed')}
        />
      </Surface>
    </Page>
  );
}
