/** The login form's rules (both fields required); the values are catalog ids of the messages. */
export type LoginErrors = { username?: string; password?: string };

export function validateLogin({ username, password }: { username: string; password: string }): LoginErrors {
  const errors: LoginErrors = {};
  if (!username.trim()) errors.username = 'shell.login.usernameRequired';
  if (!password) errors.password = 'shell.login.passwordRequired';
  return errors;
}
