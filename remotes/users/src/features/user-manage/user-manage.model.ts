import { createEffect, createEvent, createStore, sample } from 'effector';
import {
  toFailure,
  type DeleteUserResponse,
  type Failure,
  type UpdateUserBody,
  type User,
  type UserOption,
} from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { deleteUser } from './api/delete-user';
import { listUserOptions } from './api/list-user-options';
import { resetPassword } from './api/reset-password';
import { updateUser } from './api/update-user';
import { uploadAvatar } from './api/upload-avatar';

// Events: what the admin did.
export const editClicked = createEvent<User>();
export const editDismissed = createEvent<void>();
/** The edit form sent: only the changed fields (nothing changed: the dialog just closes). */
export const editSubmitted = createEvent<UpdateUserBody | undefined>();
export const avatarChosen = createEvent<File>();
export const avatarRemoved = createEvent<void>();
export const passwordClicked = createEvent<User>();
export const passwordDismissed = createEvent<void>();
export const passwordSubmitted = createEvent<string>();
export const deleteClicked = createEvent<User>();
export const deleteDismissed = createEvent<void>();
export const heirSearched = createEvent<string>();
export const heirChosen = createEvent<string>();
export const deleteConfirmed = createEvent<void>();

// Effects: the calls.
export const updateUserFx = createEffect<{ id: string; body: UpdateUserBody }, User, Error>(updateUser);
export const uploadAvatarFx = createEffect<File, string, Error>(uploadAvatar);
export const resetPasswordFx = createEffect<{ id: string; password: string }, void, Error>(resetPassword);
export const deleteUserFx = createEffect<{ id: string; robotsTo: string }, DeleteUserResponse, Error>(deleteUser);
export const loadHeirsFx = createEffect<string, UserOption[], Error>(listUserOptions);

// Stores.
/** The user being edited (the dialog is open while set). */
export const $editing = createStore<User | null>(null);
/** The avatar the edit form will send: the user's, a new upload, or empty. */
export const $editAvatar = createStore('');
export const $editError = createStore<Failure | null>(null);
export const $saving = updateUserFx.pending;
export const $avatarUploading = uploadAvatarFx.pending;
export const $passwordFor = createStore<User | null>(null);
export const $passwordError = createStore<Failure | null>(null);
export const $passwordSaving = resetPasswordFx.pending;
export const $deleting = createStore<User | null>(null);
/** Who receives the deleted user's robots; empty: the admin deleting. */
export const $heirId = createStore('');
export const $heirOptions = createStore<UserOption[]>([]);
export const $deleteError = createStore<Failure | null>(null);
export const $deletePending = deleteUserFx.pending;

// Editing.
sample({ clock: editClicked, target: $editing });
sample({ clock: editClicked, fn: (user) => user.avatar, target: $editAvatar });
sample({ clock: [editDismissed, updateUserFx.done], fn: () => null, target: $editing });
sample({ clock: [editClicked, editDismissed, updateUserFx, uploadAvatarFx], fn: () => null, target: $editError });
sample({ clock: avatarChosen, target: uploadAvatarFx });
sample({ clock: uploadAvatarFx.doneData, target: $editAvatar });
sample({ clock: avatarRemoved, fn: () => '', target: $editAvatar });
sample({ clock: [updateUserFx.failData, uploadAvatarFx.failData], fn: toFailure, target: $editError });
const changed = sample({
  clock: editSubmitted,
  source: { user: $editing, saving: $saving },
  filter: ({ user, saving }, body) => user !== null && !saving && body !== undefined,
  fn: ({ user }, body) => ({ id: user!.id, body: body! }),
});
sample({ clock: changed, target: updateUserFx });
sample({ clock: editSubmitted, filter: (body) => body === undefined, target: editDismissed });
sample({
  clock: updateUserFx.doneData,
  fn: (user) => ({ id: 'users.manage.edit.done', values: { username: user.username } }),
  target: showSuccessFx,
});

// Resetting a password.
sample({ clock: passwordClicked, target: $passwordFor });
sample({ clock: [passwordDismissed, resetPasswordFx.done], fn: () => null, target: $passwordFor });
sample({ clock: [passwordClicked, passwordDismissed, resetPasswordFx], fn: () => null, target: $passwordError });
sample({
  clock: passwordSubmitted,
  source: { user: $passwordFor, saving: $passwordSaving },
  filter: ({ user, saving }) => user !== null && !saving,
  fn: ({ user }, password) => ({ id: user!.id, password }),
  target: resetPasswordFx,
});
sample({ clock: resetPasswordFx.failData, fn: toFailure, target: $passwordError });
sample({
  clock: resetPasswordFx.done,
  fn: () => ({ id: 'users.manage.password.done' }),
  target: showSuccessFx,
});

// Deleting: the robots go to the admin unless another user is chosen.
sample({ clock: deleteClicked, target: $deleting });
sample({ clock: deleteClicked, fn: () => '', target: $heirId });
sample({ clock: [deleteDismissed, deleteUserFx.done], fn: () => null, target: $deleting });
sample({ clock: [deleteClicked, deleteDismissed, deleteUserFx], fn: () => null, target: $deleteError });
sample({ clock: deleteClicked, fn: () => '', target: loadHeirsFx });
sample({ clock: heirSearched, fn: (keyword) => keyword.trim(), target: loadHeirsFx });
sample({ clock: loadHeirsFx.doneData, target: $heirOptions });
sample({ clock: heirChosen, target: $heirId });
sample({
  clock: deleteConfirmed,
  source: { user: $deleting, heir: $heirId, pending: $deletePending },
  filter: ({ user, pending }) => user !== null && !pending,
  fn: ({ user, heir }) => ({ id: user!.id, robotsTo: heir }),
  target: deleteUserFx,
});
sample({ clock: deleteUserFx.failData, fn: toFailure, target: $deleteError });
sample({
  clock: deleteUserFx.done,
  fn: ({ result }) => ({ id: 'users.manage.delete.done', values: { count: result.robotsMoved } }),
  target: showSuccessFx,
});
