import { Radio, RadioGroup } from '@flotilla/shared/ui/semi';
import { CASE_STATUSES, useT, type CaseStatus } from '@flotilla/shared';
import { LabelledSelect } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { DayRangeFilter } from '../../../ui/day-range-filter';
import {
  $dateRange,
  $robotFilter,
  $robotOptions,
  $statusFilter,
  $teamFilter,
  $teamOptions,
  caseDateRangeChanged,
  caseRobotFilterChanged,
  caseStatusFilterChanged,
  caseTeamFilterChanged,
} from '../cases.model';
import { CASE_STATUS_LOOK } from './case-status-tag';

/** The radio value that stands for "every status". */
const ALL = 'all';

/** The list's filters beside its search box: robot, team, creation days and status, each sent to the server. */
export function CaseFilters() {
  const t = useT();
  const m = useUnit({
    status: $statusFilter,
    robot: $robotFilter,
    team: $teamFilter,
    range: $dateRange,
    robots: $robotOptions,
    teams: $teamOptions,
    statusChanged: caseStatusFilterChanged,
    robotChanged: caseRobotFilterChanged,
    teamChanged: caseTeamFilterChanged,
    rangeChanged: caseDateRangeChanged,
  });
  return (
    <div className="flc-cases__filters">
      <div className="flc-cases__filter">
        <LabelledSelect
          label={t('cases.list.robotFilter')}
          placeholder={t('cases.list.allRobots')}
          value={m.robot ?? undefined}
          optionList={m.robots.map((robot) => ({ value: robot.id, label: robot.name }))}
          onChange={(value) => m.robotChanged(typeof value === 'string' ? value : null)}
          filter
          showClear
          style={{ width: '100%' }}
        />
      </div>
      <div className="flc-cases__filter">
        <LabelledSelect
          label={t('cases.list.teamFilter')}
          placeholder={t('cases.list.allTeams')}
          value={m.team ?? undefined}
          optionList={m.teams.map((team) => ({ value: team.id, label: team.name }))}
          onChange={(value) => m.teamChanged(typeof value === 'string' ? value : null)}
          filter
          showClear
          style={{ width: '100%' }}
        />
      </div>
      <div className="flc-cases__dates">
        <DayRangeFilter
          label={t('cases.list.dateFilter')}
          placeholders={[t('cases.list.dateFrom'), t('cases.list.dateTo')]}
          range={m.range}
          onChange={m.rangeChanged}
        />
      </div>
      <RadioGroup
        type="button"
        aria-label={t('cases.list.statusFilter')}
        value={m.status ?? ALL}
        onChange={(event) => {
          const value = event.target.value as CaseStatus | typeof ALL;
          m.statusChanged(value === ALL ? null : value);
        }}
      >
        <Radio value={ALL}>{t('cases.list.allStatuses')}</Radio>
        {CASE_STATUSES.map((status) => (
          <Radio key={status} value={status}>
            {t(CASE_STATUS_LOOK[status].labelId)}
          </Radio>
        ))}
      </RadioGroup>
    </div>
  );
}
