import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { startShell } from './app/start';
import { createRoutes } from './router/routes';
import './global.css';

startShell();
const router = createBrowserRouter(createRoutes());
createRoot(document.getElementById('root') as HTMLElement).render(<App router={router} />);
