import { Banner, Modal, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useT } from '@flotilla/shared';
import { LabelledSelect } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import {
  $analyseFailure,
  $analysedFile,
  $canStart,
  $pickedRobot,
  $robotChoices,
  $robotChoicesFailed,
  $starting,
  analyseClosed,
  analyseSubmitted,
  loadRobotChoicesFx,
  robotPicked,
} from '../case-files.model';

/** "Analyse with robot…": pick the robot that answers every question of the file. */
export function AnalyseModal() {
  const t = useT();
  const m = useUnit({
    file: $analysedFile,
    robots: $robotChoices,
    robotsLoading: loadRobotChoicesFx.pending,
    robotsFailed: $robotChoicesFailed,
    picked: $pickedRobot,
    starting: $starting,
    canStart: $canStart,
    failure: $analyseFailure,
    closed: analyseClosed,
    submitted: analyseSubmitted,
    pick: robotPicked,
  });
  return (
    <Modal
      visible={m.file !== null}
      title={t('cases.files.analyseTitle')}
      onCancel={m.closed}
      onOk={m.submitted}
      okText={t('cases.files.analyseStart')}
      cancelText={t('cases.files.cancel')}
      okButtonProps={{ disabled: !m.canStart, loading: m.starting }}
      width="min(480px, calc(100vw - 16px))"
    >
      <Typography.Paragraph type="tertiary" style={{ marginBottom: 12 }}>
        {t('cases.files.analyseHint', { name: m.file?.name ?? '', count: m.file?.rowCount ?? 0 })}
      </Typography.Paragraph>
      <LabelledSelect
        label={t('cases.files.robot')}
        placeholder={t('cases.files.robotPlaceholder')}
        style={{ width: '100%' }}
        loading={m.robotsLoading}
        value={m.picked ?? undefined}
        onChange={(value) => m.pick(String(value))}
        // Without the dropdown's animation its options answer clicks at once (also in tests, inside the modal).
        motion={false}
        optionList={m.robots.map((robot) => ({ value: robot.processId, label: robot.name }))}
        emptyContent={m.robotsFailed ? t('cases.files.robotsFailed') : t('cases.files.noRobots')}
      />
      {m.failure && (
        <Banner
          type="danger"
          fullMode={false}
          style={{ marginTop: 12 }}
          description={failureText(m.failure, t)}
          closeIcon={null}
        />
      )}
    </Modal>
  );
}
