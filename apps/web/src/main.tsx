import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRoutes } from './app/router.tsx';
import { createSessionExpiryHandler } from './app/session-expiry.ts';

// The query client reports errors to the session-expiry handler, which needs the router built on the client.
let onQueryError: (error: unknown) => void = () => {};
const queryClient = createQueryClient((error) => onQueryError(error));
const { routes, patchRoutesOnNavigation } = createAppRoutes(queryClient);
const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
onQueryError = createSessionExpiryHandler(queryClient, router);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
