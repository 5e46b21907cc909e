import { Banner, Button, IconPlus } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { failureText, OPERATORS, useDateTime, usePermission, useT, type CaseTeam } from '@flotilla/shared';
import { EmptyState, Page, PagedTable, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { $actionFailure, teamCreateClicked, teamList, teamsPageOpened } from '../teams.model';
import { SalePhonesPanel } from './sale-phones-panel';
import { TeamActions } from './team-actions';
import { TeamEditorModal } from './team-editor-modal';
import { TeamMembersCell } from './team-members-cell';
import { TeamRobotsCell } from './team-robots-cell';
import './teams.css';

/** /case/teams: teams of agents, the robots they receive, subscriptions, the phone whitelist. */
export function TeamsPage() {
  const t = useT();
  const formatDate = useDateTime();
  const manage = usePermission(OPERATORS);
  const [opened, createClicked, failure] = useUnit([teamsPageOpened, teamCreateClicked, $actionFailure]);
  useEffect(() => {
    opened({ manage });
  }, [opened, manage]);

  const columns = useMemo<ColumnProps<CaseTeam>[]>(
    () => [
      {
        title: t('cases.teams.column.name'),
        dataIndex: 'name',
        render: (_, team) => (
          <div>
            <strong>{team.name}</strong>
            {team.description && <div className="flc-teams__muted">{team.description}</div>}
          </div>
        ),
      },
      {
        title: t('cases.teams.column.members'),
        dataIndex: 'members',
        render: (_, team) => <TeamMembersCell team={team} />,
      },
      {
        title: t('cases.teams.column.robots'),
        dataIndex: 'processes',
        render: (_, team) => <TeamRobotsCell team={team} manage={manage} />,
      },
      {
        title: t('cases.teams.column.createdAt'),
        dataIndex: 'createdAt',
        width: 170,
        render: (_, team) => formatDate(team.createdAt),
      },
      {
        title: t('cases.teams.column.actions'),
        dataIndex: 'id',
        width: 150,
        render: (_, team) => <TeamActions team={team} manage={manage} />,
      },
    ],
    [t, formatDate, manage],
  );

  return (
    <Page>
      <PageHeader
        title={t('cases.teams.title')}
        description={t('cases.teams.description')}
        extra={
          manage ? (
            <Button theme="solid" icon={<IconPlus />} onClick={() => createClicked()}>
              {t('cases.teams.create')}
            </Button>
          ) : undefined
        }
      />
      {failure && (
        <Banner
          type="danger"
          closeIcon={null}
          description={t('cases.teams.actionFailed', { message: failureText(failure, t) })}
          style={{ marginBottom: 12 }}
        />
      )}
      <Surface>
        <div className="flc-teams__table">
          <PagedTable
            list={teamList}
            rowKey="id"
            columns={columns}
            searchLabel={t('cases.teams.search')}
            totalLabel={(count) => t('cases.teams.total', { count })}
            empty={
              <EmptyState
                title={t('cases.teams.empty')}
                description={t(manage ? 'cases.teams.emptyHint' : 'cases.teams.emptyAgentHint')}
              />
            }
            failedTitle={t('cases.teams.loadFailed')}
          />
        </div>
      </Surface>
      {manage && <SalePhonesPanel />}
      {manage && <TeamEditorModal />}
    </Page>
  );
}
