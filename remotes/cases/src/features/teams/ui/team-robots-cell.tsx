import { Switch, Tag } from '@flotilla/shared/ui/semi';
import { useT, type CaseTeam } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { $togglingKeys, subscriptionToggled } from '../teams.model';

/**
 * The robots a team receives cases of. An operator turns each subscription on or off with its switch;
 * others see which ones are on.
 */
export function TeamRobotsCell({ team, manage }: { team: CaseTeam; manage: boolean }) {
  const t = useT();
  const [toggling, toggled] = useUnit([$togglingKeys, subscriptionToggled]);
  if (team.processes.length === 0) return <span className="flc-teams__muted">{t('cases.teams.noRobots')}</span>;
  return (
    <ul className="flc-teams__robots">
      {team.processes.map((robot) => {
        const label = t('cases.teams.subscription', { robot: robot.processName });
        return (
          <li key={robot.processId}>
            {manage ? (
              <Switch
                size="small"
                checked={robot.subscribed}
                loading={toggling.includes(`${team.id}/${robot.processId}`)}
                aria-label={label}
                onChange={(subscribed) => toggled({ teamId: team.id, processId: robot.processId, subscribed })}
              />
            ) : (
              <Tag color={robot.subscribed ? 'green' : 'grey'} type="ghost">
                {t(robot.subscribed ? 'cases.teams.subscribed' : 'cases.teams.paused')}
              </Tag>
            )}
            <span>{robot.processName}</span>
          </li>
        );
      })}
    </ul>
  );
}
