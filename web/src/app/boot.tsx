import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installClientErrorReporting } from '../lib/client-log';
import { createQueryClient } from '../lib/query-client';
import { sessionQueryOptions } from '../lib/session';
import { AppProviders } from './providers';
import { keepServerDrawnMain } from './route-error-boundary';
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
  const render = () =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  // A main area the server drew (the page's largest text) paints before the app replaces it with
  // its own frame, which draws it again: without the wait the module script, already loaded, ran
  // before the first paint, and that text first painted from the app, after the boot's long tasks.
  if (keepServerDrawnMain(container)) void afterFirstPaint().then(render);
  else render();
}

/**
 * Resolves once the browser has painted what the HTML drew (a task after the next frame), or after
 * 100 ms where no frame comes (a tab in the background draws none).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
