import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installClientErrorReporting } from '../lib/client-log';
import { createQueryClient } from '../lib/query-client';
import { sessionQueryOptions } from '../lib/session';
import { AppProviders } from './providers';
import { keepStaticMain } from './route-error-boundary';
import { createAppRouter } from './routes';

/** Renders the portal into `#root`: once per page load. */
export function bootApp(): void {
  // Uncaught errors and rejections go to the log beacon (ADR 026), from before the first render.
  installClientErrorReporting();
  // The session is asked for at once, beside the first page's code, texts and content (issue 36
  // §7, ADR 054): the shell and the page, which both wait for it, no longer ask only once drawn.
  const queryClient = createQueryClient();
  void queryClient.prefetchQuery(sessionQueryOptions);
  const router = createAppRouter(queryClient);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  keepStaticMain(container);
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
