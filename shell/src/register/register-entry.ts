// The entry of register.html (built apart from the console, like the login page; see rspack.config.mjs).
import { prefetchConsole } from '../login/prefetch-console';
import { startRegisterPage } from './register-page';

startRegisterPage();
prefetchConsole();
