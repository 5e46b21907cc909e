import { Tag } from '@flotilla/shared/ui/semi';
import { useT, type CaseTeam } from '@flotilla/shared';

/** A team's members in turn order, or a hint that it has none (it then receives no case). */
export function TeamMembersCell({ team }: { team: CaseTeam }) {
  const t = useT();
  if (team.members.length === 0) return <span className="flc-teams__muted">{t('cases.teams.noMembers')}</span>;
  return (
    <span className="flc-teams__tags">
      {team.members.map((member) => (
        <Tag key={member.id} type="ghost">
          {member.nickname}
        </Tag>
      ))}
    </span>
  );
}
