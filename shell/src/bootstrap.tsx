import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { startShell } from './app/start';
// Provides Semi's Form to the remotes without loading it (see the module).
import './federation/provided-shared';
import { createRoutes } from './router/routes';
import './global.css';

startShell();
const router = createBrowserRouter(createRoutes());
createRoot(document.getElementById('root') as HTMLElement).render(<App router={router} />);
