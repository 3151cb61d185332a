import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// `react-router/dom` resolves to a second copy of the router under Node's export conditions; the
// main entry's RouterProvider is the same component without the DOM flushSync wrapper.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';

type RenderAppOptions = {
  /** With fake timers: how user-event lets time pass (`vi.advanceTimersByTime`). */
  advanceTimers?: (ms: number) => void;
};

/** Renders the whole portal (shell and lazy pages) at `url`, in memory. */
export function renderApp(url = '/', options: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  // No pause between keystrokes (`delay: null`): React renders each one all the same, and typing
  // an IBAN no longer waits a timer tick per character (ADR 038, round four).
  const user = userEvent.setup(
    options.advanceTimers ? { advanceTimers: options.advanceTimers } : { delay: null },
  );
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders env="test" queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}
