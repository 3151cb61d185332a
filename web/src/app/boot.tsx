import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installClientErrorReporting } from '../lib/client-log';
import { AppProviders } from './providers';
import { createAppRouter } from './routes';

/** Renders the portal into `#root`: once per page load. */
export function bootApp(): void {
  // Uncaught errors and rejections go to the log beacon (ADR 026), from before the first render.
  installClientErrorReporting();
  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
