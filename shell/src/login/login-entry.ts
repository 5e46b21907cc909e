// The entry of login.html (built apart from the console; see rspack.config.mjs).
import { startLoginPage } from './login-page';
import { prefetchConsole } from './prefetch-console';

startLoginPage();
prefetchConsole();
