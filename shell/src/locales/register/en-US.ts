import type { Catalog } from '@flotilla/shared';

/** en-US messages of the shell's register parts; every id is also in the other language's file. */
export const enUS: Catalog = {
  'route.register': 'Register',
  'shell.register.subtitle': 'Create your account with an invitation',
  'shell.register.checking': 'Checking the invitation code…',
  'shell.register.invited': 'You are invited to join {tenant}.',
  'shell.register.reward': 'You get {credits} credits when you register.',
  'shell.register.invalid':
    'This invitation code does not work (any more). Ask the person who invited you for a new link.',
  'shell.register.missing': 'There is no invitation code. Open this page from the link you were sent.',
  'shell.register.code': 'Invitation code',
  'shell.register.codePlaceholder': 'Enter the invitation code',
  'shell.register.username': 'Username',
  'shell.register.usernamePlaceholder': 'Letters, digits or _ . @ -',
  'shell.register.usernameInvalid': 'A username is 3–64 letters, digits or _ . @ -',
  'shell.register.nickname': 'Name',
  'shell.register.nicknamePlaceholder': 'How others see you',
  'shell.register.nicknameRequired': 'name cannot be empty',
  'shell.register.phone': 'Phone',
  'shell.register.phonePlaceholder': 'Your mobile number',
  'shell.register.phoneInvalid': 'Enter a phone number (digits, may start with +)',
  'shell.register.smsCode': 'SMS code',
  'shell.register.password': 'Password',
  'shell.register.passwordPlaceholder': 'At least 8 characters',
  'shell.register.passwordTooShort': 'A password has at least 8 characters',
  'shell.register.submit': 'Register',
  'shell.register.submitting': 'Registering…',
  'shell.register.retryIn': 'Too many registrations from here, please try again in {seconds} s',
  'shell.register.haveAccount': 'Already have an account? Log in',
};
