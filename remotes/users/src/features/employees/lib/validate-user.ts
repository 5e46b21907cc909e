import type { CreateUserBody, Role } from '@flotilla/shared';

/** What the create form holds; `phone` may be empty. */
export type NewUserValues = {
  username: string;
  nickname: string;
  phone: string;
  password: string;
  role: Role | undefined;
  isAgent: boolean;
};

/** Catalog ids of the validation messages. */
export const VALIDATION_IDS = {
  usernameRequired: 'users.create.error.usernameRequired',
  usernameLength: 'users.create.error.usernameLength',
  usernameChars: 'users.create.error.usernameChars',
  nicknameRequired: 'users.create.error.nicknameRequired',
  nicknameLength: 'users.create.error.nicknameLength',
  phoneInvalid: 'users.create.error.phoneInvalid',
  passwordRequired: 'users.create.error.passwordRequired',
  passwordLength: 'users.create.error.passwordLength',
  roleRequired: 'users.create.error.roleRequired',
} as const;
export type ValidationId = (typeof VALIDATION_IDS)[keyof typeof VALIDATION_IDS];

// The same rules as CreateUserBodySchema in shared/src/contracts/users.ts, checked before sending.
const USERNAME_CHARS = /^[A-Za-z0-9_.@-]+$/;
const PHONE_CHARS = /^[0-9+\- ]*$/;

export function validateUsername(value: string | undefined): ValidationId | undefined {
  const v = value?.trim() ?? '';
  if (!v) return VALIDATION_IDS.usernameRequired;
  if (v.length < 3 || v.length > 64) return VALIDATION_IDS.usernameLength;
  if (!USERNAME_CHARS.test(v)) return VALIDATION_IDS.usernameChars;
  return undefined;
}

export function validateNickname(value: string | undefined): ValidationId | undefined {
  const v = value?.trim() ?? '';
  if (!v) return VALIDATION_IDS.nicknameRequired;
  if (v.length > 64) return VALIDATION_IDS.nicknameLength;
  return undefined;
}

export function validatePhone(value: string | undefined): ValidationId | undefined {
  const v = value?.trim() ?? '';
  if (v.length > 32 || !PHONE_CHARS.test(v)) return VALIDATION_IDS.phoneInvalid;
  return undefined;
}

export function validatePassword(value: string | undefined): ValidationId | undefined {
  if (!value) return VALIDATION_IDS.passwordRequired;
  if (value.length < 8 || value.length > 256) return VALIDATION_IDS.passwordLength;
  return undefined;
}

export function validateRole(value: Role | undefined): ValidationId | undefined {
  return value ? undefined : VALIDATION_IDS.roleRequired;
}

/** Every failing field with its message id; empty when the form may be sent. */
export function validateNewUser(values: Partial<NewUserValues>): Partial<Record<keyof NewUserValues, ValidationId>> {
  const errors: Partial<Record<keyof NewUserValues, ValidationId>> = {};
  const checks = {
    username: validateUsername(values.username),
    nickname: validateNickname(values.nickname),
    phone: validatePhone(values.phone),
    password: validatePassword(values.password),
    role: validateRole(values.role),
  };
  for (const [field, error] of Object.entries(checks)) if (error) errors[field as keyof NewUserValues] = error;
  return errors;
}

/** The request body of valid form values (trimmed; an empty phone is left out). */
export function toCreateUserBody(values: NewUserValues): CreateUserBody {
  const body: CreateUserBody = {
    username: values.username.trim(),
    nickname: values.nickname.trim(),
    password: values.password,
    role: values.role ?? 'operator',
    isAgent: values.isAgent,
  };
  const phone = values.phone?.trim();
  if (phone) body.phone = phone;
  return body;
}
