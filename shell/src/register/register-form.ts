import { SMS_RULES } from '../login/sms-form';

/** The register form's fields, as typed (`smsCode` counts only when the programme requires a phone code). */
export type RegisterFields = {
  ref: string;
  username: string;
  nickname: string;
  phone: string;
  password: string;
  smsCode: string;
};
/** Per field, the catalog id of what is wrong with it. */
export type RegisterErrors = Partial<Record<keyof RegisterFields, string>>;

/**
 * The register form's rules, the server's own (RegisterBodySchema) restated so the page needs no TypeBox:
 * a test holds them to the schema. The phone code's rule is the login's (SMS_RULES.code).
 */
export const REGISTER_RULES = {
  username: /^[A-Za-z0-9_.@-]{3,64}$/,
  phone: /^\+?[0-9][0-9 -]{0,31}$/,
  ref: /^[A-Za-z0-9]{1,32}$/,
  nicknameMax: 64,
  passwordMin: 8,
  passwordMax: 256,
} as const;

export function validateRegister(fields: RegisterFields, { codeRequired }: { codeRequired: boolean }): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!REGISTER_RULES.ref.test(fields.ref.trim())) errors.ref = 'shell.register.invalid';
  if (!REGISTER_RULES.username.test(fields.username.trim())) errors.username = 'shell.register.usernameInvalid';
  if (!fields.nickname.trim()) errors.nickname = 'shell.register.nicknameRequired';
  if (!REGISTER_RULES.phone.test(fields.phone.trim())) errors.phone = 'shell.register.phoneInvalid';
  if (fields.password.length < REGISTER_RULES.passwordMin) errors.password = 'shell.register.passwordTooShort';
  if (codeRequired && !SMS_RULES.code.test(fields.smsCode.trim())) errors.smsCode = 'shell.sms.codeInvalid';
  return errors;
}
