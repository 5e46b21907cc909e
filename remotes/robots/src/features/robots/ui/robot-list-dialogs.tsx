import { useUnit } from 'effector-react';
import { lazy } from 'react';
import { $editedRobot } from '../../robot-edit/robot-edit.model';
import { $bindRobot, $tagManagerOpen } from '../../robot-tags/robot-tags.model';
import { $createOpen } from '../robots.model';
import { OnceOpened } from './once-opened';

// The dialogs hold forms, and a form needs Semi's Form with every field type: their code loads the
// first time one opens, so the list's first screen does not wait for it.
const CreateRobotModal = lazy(() =>
  import('./create-robot-modal').then((module) => ({ default: module.CreateRobotModal })),
);
const EditRobotModal = lazy(() =>
  import('../../robot-edit/ui/edit-robot-modal').then((module) => ({ default: module.EditRobotModal })),
);
const ManageTagsModal = lazy(() =>
  import('../../robot-tags/ui/manage-tags-modal').then((module) => ({ default: module.ManageTagsModal })),
);
const BindTagsModal = lazy(() =>
  import('../../robot-tags/ui/bind-tags-modal').then((module) => ({ default: module.BindTagsModal })),
);

/** The robots list's dialogs: create, edit, manage tags and bind tags, each loaded when it first opens. */
export function RobotListDialogs() {
  const m = useUnit({
    createOpen: $createOpen,
    edited: $editedRobot,
    tagManagerOpen: $tagManagerOpen,
    bindRobot: $bindRobot,
  });
  return (
    <>
      <OnceOpened open={m.createOpen}>
        <CreateRobotModal />
      </OnceOpened>
      <OnceOpened open={m.edited !== null}>
        <EditRobotModal />
      </OnceOpened>
      <OnceOpened open={m.tagManagerOpen}>
        <ManageTagsModal />
      </OnceOpened>
      <OnceOpened open={m.bindRobot !== null}>
        <BindTagsModal />
      </OnceOpened>
    </>
  );
}
