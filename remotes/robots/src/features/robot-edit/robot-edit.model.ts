import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type Failure, type Robot } from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { $robotId, loadRobotFx } from '../robot-detail/robot-detail.model';
import { createIconField } from '../robot-form/robot-form.model';
import { robotList } from '../robots/robots.model';
import { updateRobot } from './api/update-robot';

/** What the edit form collects; the icon comes from its icon field. */
export type RobotEditValues = { name: string; description?: string };

/** The user asked to edit a robot (Edit on its row of the list, or on its detail page). */
export const robotEditClicked = createEvent<Robot>();
/** The edit form was closed without saving. */
export const robotEditCancelled = createEvent();
/** The edit form passed its checks and was sent. */
export const robotEditSubmitted = createEvent<RobotEditValues>();

export const updateRobotFx = createEffect(updateRobot);

/** The robot being edited; the form is open while there is one. */
export const $editedRobot = createStore<Robot | null>(null, { skipVoid: false })
  .on(robotEditClicked, (_, robot) => robot)
  .reset(robotEditCancelled, updateRobotFx.done);
/** Why the last save failed, until the next try or the form closes. */
export const $editFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(updateRobotFx.failData, (_, error) => toFailure(error))
  .reset(robotEditClicked, robotEditCancelled, updateRobotFx);
export const $saving = updateRobotFx.pending;
/** The icon of the robot being edited: its current one when the form opens, then the user's choice. */
export const editedRobotIcon = createIconField({ resetOn: [robotEditCancelled, updateRobotFx.done] });

sample({ clock: robotEditClicked, fn: (robot) => robot.icon, target: editedRobotIcon.iconShown });

sample({
  clock: robotEditSubmitted,
  source: { robot: $editedRobot, saving: $saving, uploading: editedRobotIcon.$uploading, icon: editedRobotIcon.$icon },
  filter: (
    state: { robot: Robot | null; saving: boolean; uploading: boolean; icon: string | null },
    _values: RobotEditValues,
  ): state is {
    robot: Robot;
    saving: false;
    uploading: false;
    icon: string | null;
  } => state.robot !== null && !state.saving && !state.uploading,
  fn: ({ robot, icon }, values) => ({
    processId: robot.processId,
    body: { name: values.name.trim(), description: values.description?.trim() ?? '', icon: icon ?? '' },
  }),
  target: updateRobotFx,
});

// The new name shows wherever the robot is on screen: its row of the list and its detail page.
sample({ clock: updateRobotFx.done, target: robotList.reloadRequested });
sample({
  clock: updateRobotFx.done,
  source: $robotId,
  filter: (id, { params }) => id === params.processId,
  fn: (_, { params }) => params.processId,
  target: loadRobotFx,
});
sample({ clock: updateRobotFx.done, fn: () => ({ id: 'robots.edit.saved' }), target: showSuccessFx });
