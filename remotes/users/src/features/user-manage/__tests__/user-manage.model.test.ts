import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, type User } from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { makeUser } from '../../../test-utils/fake-users';
import { changesOf, editValuesOf } from '../lib/edit-values';
import {
  $deleteError,
  $deleting,
  $editAvatar,
  $editError,
  $editing,
  $heirOptions,
  $passwordFor,
  avatarChosen,
  deleteClicked,
  deleteConfirmed,
  deleteUserFx,
  editClicked,
  editSubmitted,
  heirChosen,
  heirSearched,
  loadHeirsFx,
  passwordClicked,
  passwordSubmitted,
  resetPasswordFx,
  updateUserFx,
  uploadAvatarFx,
} from '../user-manage.model';

describe('user-manage model', () => {
  it('sends only the fields that changed, with the uploaded avatar, and closes when saved', async () => {
    const user = makeUser({ id: 'u1', nickname: 'Ann', role: 'agent', isAgent: true, avatar: '' });
    const update = vi.fn(async ({ body }: { id: string; body: object }) => ({ ...user, ...body }) as User);
    const scope = fork({
      handlers: [
        [updateUserFx, update],
        [uploadAvatarFx, async () => '/v2/upload/file/new'],
        [showSuccessFx, vi.fn()],
      ],
    });

    await allSettled(editClicked, { scope, params: user });
    await allSettled(avatarChosen, { scope, params: new File(['x'], 'me.png', { type: 'image/png' }) });
    expect(scope.getState($editAvatar)).toBe('/v2/upload/file/new');
    const values = { ...editValuesOf(user), nickname: ' Anna ', role: 'operator' as const };
    await allSettled(editSubmitted, { scope, params: changesOf(user, values, scope.getState($editAvatar)) });

    expect(update).toHaveBeenCalledWith({
      id: 'u1',
      body: { nickname: 'Anna', role: 'operator', avatar: '/v2/upload/file/new' },
    });
    expect(scope.getState($editing)).toBeNull();
  });

  it('closes without a call when nothing changed, and keeps the dialog open with the refusal', async () => {
    const user = makeUser({ id: 'u2' });
    const update = vi.fn(async () => {
      throw new HttpError(409, 'LAST_ADMIN', 'keep one', {});
    });
    const scope = fork({
      handlers: [
        [updateUserFx, update],
        [showSuccessFx, vi.fn()],
      ],
    });

    await allSettled(editClicked, { scope, params: user });
    await allSettled(editSubmitted, { scope, params: changesOf(user, editValuesOf(user), user.avatar) });
    expect(update).not.toHaveBeenCalled();
    expect(scope.getState($editing)).toBeNull();

    await allSettled(editClicked, { scope, params: user });
    await allSettled(editSubmitted, { scope, params: { role: 'agent' } });
    expect(scope.getState($editing)).toEqual(user);
    expect(scope.getState($editError)?.code).toBe('LAST_ADMIN');
  });

  it('resets a password for the user the dialog is open for', async () => {
    const reset = vi.fn(async () => undefined);
    const scope = fork({
      handlers: [
        [resetPasswordFx, reset],
        [showSuccessFx, vi.fn()],
      ],
    });
    await allSettled(passwordClicked, { scope, params: makeUser({ id: 'u3' }) });
    await allSettled(passwordSubmitted, { scope, params: 'new-password-1' });
    expect(reset).toHaveBeenCalledWith({ id: 'u3', password: 'new-password-1' });
    expect(scope.getState($passwordFor)).toBeNull();
  });

  it('deletes with the chosen heir (none chosen: empty, the caller), searching the picker on the server', async () => {
    const remove = vi.fn(async ({ robotsTo }: { id: string; robotsTo: string }) => ({ robotsTo, robotsMoved: 2 }));
    const heirs = vi.fn(async (keyword: string) => [{ id: 'h1', name: `heir ${keyword}` }]);
    const scope = fork({
      handlers: [
        [deleteUserFx, remove],
        [loadHeirsFx, heirs],
        [showSuccessFx, vi.fn()],
      ],
    });

    await allSettled(deleteClicked, { scope, params: makeUser({ id: 'u4' }) });
    expect(heirs).toHaveBeenLastCalledWith('');
    await allSettled(heirSearched, { scope, params: ' bo ' });
    expect(heirs).toHaveBeenLastCalledWith('bo');
    expect(scope.getState($heirOptions)).toEqual([{ id: 'h1', name: 'heir bo' }]);
    await allSettled(heirChosen, { scope, params: 'h1' });
    await allSettled(deleteConfirmed, { scope });
    expect(remove).toHaveBeenLastCalledWith({ id: 'u4', robotsTo: 'h1' });
    expect(scope.getState($deleting)).toBeNull();

    await allSettled(deleteClicked, { scope, params: makeUser({ id: 'u5' }) });
    await allSettled(deleteConfirmed, { scope });
    expect(remove).toHaveBeenLastCalledWith({ id: 'u5', robotsTo: '' });
  });

  it('keeps the delete dialog open with the refusal', async () => {
    const scope = fork({
      handlers: [
        [
          deleteUserFx,
          async () => {
            throw new HttpError(409, 'CANNOT_DELETE_SELF', 'no', {});
          },
        ],
        [loadHeirsFx, async () => []],
        [showSuccessFx, vi.fn()],
      ],
    });
    const user = makeUser({ id: 'u6' });
    await allSettled(deleteClicked, { scope, params: user });
    await allSettled(deleteConfirmed, { scope });
    expect(scope.getState($deleting)).toEqual(user);
    expect(scope.getState($deleteError)?.code).toBe('CANNOT_DELETE_SELF');
  });
});
