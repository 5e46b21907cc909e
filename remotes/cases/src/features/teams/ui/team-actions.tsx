import { Button, IconDelete, IconDownload, IconEdit, Popconfirm, Tooltip } from '@flotilla/shared/ui/semi';
import { useT, type CaseTeam } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { $exportingId, teamEditClicked, teamExportClicked, teamList } from '../teams.model';

/** A team's row actions: export its cases (anyone who sees it); edit and delete (operators). */
export function TeamActions({ team, manage }: { team: CaseTeam; manage: boolean }) {
  const t = useT();
  const [exportingId, exportClicked, editClicked, deleteConfirmed] = useUnit([
    $exportingId,
    teamExportClicked,
    teamEditClicked,
    teamList.deleteConfirmed,
  ]);
  const exportLabel = t('cases.teams.export', { team: team.name });
  const editLabel = t('cases.teams.edit', { team: team.name });
  const deleteLabel = t('cases.teams.delete', { team: team.name });
  return (
    <span className="flc-teams__actions">
      <Tooltip content={exportLabel}>
        <Button
          theme="borderless"
          icon={<IconDownload />}
          aria-label={exportLabel}
          loading={exportingId === team.id}
          onClick={() => exportClicked(team)}
        />
      </Tooltip>
      {manage && (
        <>
          <Tooltip content={editLabel}>
            <Button theme="borderless" icon={<IconEdit />} aria-label={editLabel} onClick={() => editClicked(team)} />
          </Tooltip>
          <Popconfirm
            title={t('cases.teams.deleteConfirm', { team: team.name })}
            content={t('cases.teams.deleteHint')}
            okText={t('cases.teams.deleteOk')}
            cancelText={t('cases.teams.cancel')}
            onConfirm={() => {
              deleteConfirmed(team);
            }}
          >
            <Button theme="borderless" type="danger" icon={<IconDelete />} aria-label={deleteLabel} />
          </Popconfirm>
        </>
      )}
    </span>
  );
}
