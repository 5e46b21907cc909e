import { request, ResetUserPassword } from '@flotilla/shared';

/** Sets the user's password; their sessions end. Silent: the dialog shows a refusal itself. */
export async function resetPassword({ id, password }: { id: string; password: string }): Promise<void> {
  await request(ResetUserPassword, { params: { id }, body: { password }, silent: true });
}
