import './shared-api-check';
import { loadCatalogs } from '@flotilla/shared';
import { chatCatalogs } from '../app/catalogs';
import { ChatRoutes } from '../app/chat-routes';

loadCatalogs(chatCatalogs);

/** The public chat routes inside the console; the shell provides router, i18n and layout. */
export default function App() {
  return <ChatRoutes />;
}
