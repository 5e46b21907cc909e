import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type Failure, type Robot, type RobotTag } from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { bindTags } from './api/bind-tags';
import { createTag } from './api/create-tag';
import { deleteTag } from './api/delete-tag';
import { listTags } from './api/list-tags';
import { renameTag } from './api/rename-tag';

/** Where the tenant's tags stand. */
export type TagsStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A page that shows tags (the robot list, for its filter) was opened. */
export const tagsRequested = createEvent();
/** The user asked for the tags again after a failure. */
export const tagsRetryClicked = createEvent();
/** The tag manager was opened. */
export const tagManagerOpened = createEvent();
/** The tag manager was closed. */
export const tagManagerClosed = createEvent();
/** The user asked for a new tag with this name. */
export const tagCreateSubmitted = createEvent<string>();
/** The user gave a tag a new name. */
export const tagRenameSubmitted = createEvent<{ id: string; name: string }>();
/** The user confirmed deleting a tag. */
export const tagDeleteConfirmed = createEvent<RobotTag>();
/** The user asked to change a robot's tags. */
export const tagBindOpened = createEvent<Robot>();
/** The robot's tags form was closed without saving. */
export const tagBindCancelled = createEvent();
/** The robot's tags form was sent with the tags it should have. */
export const tagBindSubmitted = createEvent<string[]>();

export const loadTagsFx = createEffect(() => listTags());
export const createTagFx = createEffect(createTag);
export const renameTagFx = createEffect(renameTag);
export const deleteTagFx = createEffect((tag: RobotTag) => deleteTag(tag.id));
export const bindTagsFx = createEffect(bindTags);

/** The tenant's tags, by name. */
export const $tags = createStore<RobotTag[]>([]).on(loadTagsFx.doneData, (_, tags) => tags);
export const $tagsStatus = createStore<TagsStatus>('idle')
  .on(loadTagsFx, (status) => (status === 'ready' ? 'ready' : 'loading'))
  .on(loadTagsFx.done, () => 'ready')
  .on(loadTagsFx.fail, (status) => (status === 'ready' ? 'ready' : 'error'));
export const $tagsLoadFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(loadTagsFx.failData, (_, error) => toFailure(error))
  .reset(loadTagsFx.done);

export const $tagManagerOpen = createStore(false)
  .on(tagManagerOpened, () => true)
  .reset(tagManagerClosed);
/** Why the last create, rename or delete was refused (a taken name, say), until the next one. */
export const $tagChangeFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on([createTagFx.failData, renameTagFx.failData, deleteTagFx.failData], (_, error) => toFailure(error))
  .reset(tagManagerOpened, tagManagerClosed, tagCreateSubmitted, tagRenameSubmitted, tagDeleteConfirmed);
/** True while a create, rename or delete is on its way. */
export const $tagChanging = createStore(false)
  .on([createTagFx, renameTagFx, deleteTagFx], () => true)
  .on([createTagFx.finally, renameTagFx.finally, deleteTagFx.finally], () => false);
/** How many tags were created: the new-tag input clears each time. */
export const $tagsCreated = createStore(0).on(createTagFx.done, (count) => count + 1);

/** The robot whose tags are being changed (the form is open while it is set). */
export const $bindRobot = createStore<Robot | null>(null, { skipVoid: false })
  .on(tagBindOpened, (_, robot) => robot)
  .reset(tagBindCancelled, bindTagsFx.done);
export const $bindFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(bindTagsFx.failData, (_, error) => toFailure(error))
  .reset(tagBindOpened, tagBindCancelled, tagBindSubmitted);
export const $binding = bindTagsFx.pending;

sample({ clock: [tagsRequested, tagsRetryClicked, tagManagerOpened, tagBindOpened], target: loadTagsFx });
sample({ clock: [createTagFx.done, renameTagFx.done, deleteTagFx.done], target: loadTagsFx });

sample({
  clock: tagCreateSubmitted,
  source: $tagChanging,
  filter: (changing, name) => !changing && name.trim() !== '',
  fn: (_, name) => ({ name: name.trim() }),
  target: createTagFx,
});
sample({
  clock: tagRenameSubmitted,
  source: $tagChanging,
  filter: (changing, { name }) => !changing && name.trim() !== '',
  fn: (_, { id, name }) => ({ id, name: name.trim() }),
  target: renameTagFx,
});
sample({
  clock: tagDeleteConfirmed,
  source: $tagChanging,
  filter: (changing) => !changing,
  fn: (_, tag) => tag,
  target: deleteTagFx,
});
sample({
  clock: tagBindSubmitted,
  source: { robot: $bindRobot, binding: $binding },
  filter: (
    state: { robot: Robot | null; binding: boolean },
    _tagIds: string[],
  ): state is { robot: Robot; binding: false } => state.robot !== null && !state.binding,
  fn: ({ robot }, tagIds) => ({ processId: robot.processId, tagIds }),
  target: bindTagsFx,
});

sample({ clock: createTagFx.done, fn: () => ({ id: 'robots.tags.created' }), target: showSuccessFx });
sample({ clock: renameTagFx.done, fn: () => ({ id: 'robots.tags.renamed' }), target: showSuccessFx });
sample({ clock: deleteTagFx.done, fn: () => ({ id: 'robots.tags.deleted' }), target: showSuccessFx });
sample({ clock: bindTagsFx.done, fn: () => ({ id: 'robots.tags.bound' }), target: showSuccessFx });
