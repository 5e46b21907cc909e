import { SaveFailedBanner } from '@flotilla/shared/ui';
import { Typography } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import type { RobotRef } from '../../../lib/robot-ref';
import { $checkFailure, logsOpened } from '../robot-logs.model';
import { AnswerDrawer } from './answer-drawer';
import { AnswerFiltersBar } from './answer-filters-bar';
import { AnswersTable } from './answers-table';
import { SessionsPanel } from './sessions-panel';

/**
 * The "Logs" tab: the robot's sessions and answers with model, tokens, latency, cost and feedback,
 * filtered on the server; details in a drawer; agents and admins mark answers checked.
 */
export function LogsTab({ robot }: { robot: RobotRef }) {
  const t = useT();
  const { opened, checkFailure } = useUnit({ opened: logsOpened, checkFailure: $checkFailure });
  const { processId, adminId } = robot;
  useEffect(() => {
    opened({ processId, adminId });
  }, [opened, processId, adminId]);
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <section
        style={{ flex: '0 1 320px', minWidth: 260, display: 'flex', flexDirection: 'column', gap: 8 }}
        aria-label={t('robots.logs.sessions.heading')}
      >
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {t('robots.logs.sessions.heading')}
        </Typography.Title>
        <SessionsPanel />
      </section>
      <section
        style={{ flex: '1 1 560px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
        aria-label={t('robots.logs.answersHeading')}
      >
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {t('robots.logs.answersHeading')}
        </Typography.Title>
        <SaveFailedBanner failure={checkFailure} title={t('robots.logs.checkFailed')} />
        <AnswerFiltersBar />
        <AnswersTable />
      </section>
      <AnswerDrawer />
    </div>
  );
}
