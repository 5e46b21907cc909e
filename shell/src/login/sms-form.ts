/**
 * The rules of the SMS forms, the server's own (SmsPhoneSchema, SmsCodeSchema, SmsResetPasswordBodySchema)
 * restated so the light page needs no TypeBox: a test holds them to the schemas.
 */
export const SMS_RULES = {
  phone: /^\+?[0-9][0-9 -]*$/,
  phoneMin: 5,
  phoneMax: 32,
  code: /^[0-9]{6}$/,
  passwordMin: 8,
  passwordMax: 256,
} as const;

/** The fields of the code login and of the reset, as typed; per field, the catalog id of what is wrong. */
export type SmsFields = { phone: string; code: string; password: string; repeat: string };
export type SmsErrors = Partial<Record<keyof SmsFields, string>>;

export function phoneError(phone: string): string | undefined {
  const value = phone.trim();
  const fits = value.length >= SMS_RULES.phoneMin && value.length <= SMS_RULES.phoneMax && SMS_RULES.phone.test(value);
  return fits ? undefined : 'shell.sms.phoneInvalid';
}

export function validateCodeLogin({ phone, code }: Pick<SmsFields, 'phone' | 'code'>): SmsErrors {
  const errors: SmsErrors = {};
  const phoneWrong = phoneError(phone);
  if (phoneWrong) errors.phone = phoneWrong;
  if (!SMS_RULES.code.test(code.trim())) errors.code = 'shell.sms.codeInvalid';
  return errors;
}

export function validateReset(fields: SmsFields): SmsErrors {
  const errors = validateCodeLogin(fields);
  if (fields.password.length < SMS_RULES.passwordMin) errors.password = 'shell.sms.passwordTooShort';
  else if (fields.password.length > SMS_RULES.passwordMax) errors.password = 'shell.sms.passwordTooLong';
  if (fields.repeat !== fields.password) errors.repeat = 'shell.sms.passwordMismatch';
  return errors;
}
