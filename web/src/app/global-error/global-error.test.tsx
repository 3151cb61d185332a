import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getGlobalError, raiseGlobalError } from '../../lib/global-error';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

describe('system-problem page', () => {
  it('replaces the page when the server answers 500', async () => {
    mockApi({
      'GET /api/content/pages/home': {
        status: 500,
        body: { success: false, errorCode: 1, errorLevel: 'error', errorMessage: 'x' },
      },
    });
    renderApp('/');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Λυπούμαστε, αντιμετωπίζουμε πρόβλημα με το σύστημά μας.',
      }),
    ).toBeTruthy();
    expect(screen.getByText('Δοκιμάστε ξανά αργότερα.')).toBeTruthy();
    expect(screen.queryByRole('banner', { name: /menu/i })).toBeNull();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('speaks English on English pages and leaves for home', async () => {
    mockApi();
    const { router, user } = renderApp('/en/faqs');
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    act(() => raiseGlobalError({ kind: 'system' }));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Sorry, we are having a problem with our system.' }),
    ).toBeTruthy();
    expect(screen.getByText('Try again later')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to home' }));
    expect(router.state.location.pathname).toBe('/en');
    expect(getGlobalError()).toBeNull();
  });
});

describe('error modal', () => {
  it('shows the message with a single Ok that closes it', async () => {
    mockApi();
    const { router, user } = renderApp('/faqs');
    await screen.findByRole('heading', { level: 1, name: 'Συχνές ερωτήσεις' });
    act(() =>
      raiseGlobalError({
        kind: 'modal',
        goHome: false,
        message: { kind: 'text', text: 'Η κάρτα είναι κλειδωμένη' },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Σφάλμα' });
    expect(within(dialog).getByText('Η κάρτα είναι κλειδωμένη')).toBeTruthy();
    expect(within(dialog).getAllByRole('button')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Εντάξει' }));
    expect(screen.queryByRole('dialog', { name: 'Σφάλμα' })).toBeNull();
    expect(router.state.location.pathname).toBe('/faqs');
    expect(getGlobalError()).toBeNull();
  });

  it('goes home on Ok for error code 135', async () => {
    mockApi({
      'GET /api/content/pages/terms': {
        status: 409,
        body: {
          success: false,
          errorCode: 135,
          errorLevel: 'error',
          errorMessage: 'Η εταιρεία δεν είναι διαθέσιμη',
        },
      },
    });
    const { router, user } = renderApp('/page/terms');
    const dialog = await screen.findByRole('dialog', { name: 'Σφάλμα' });
    expect(within(dialog).getByText('Η εταιρεία δεν είναι διαθέσιμη')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Εντάξει' }));
    expect(router.state.location.pathname).toBe('/');
    await screen.findByRole('heading', { level: 1, name: 'Καλώς ήρθατε' });
  });

  it('says which path was not found', async () => {
    mockApi();
    renderApp('/en/faqs');
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    act(() =>
      raiseGlobalError({ kind: 'modal', goHome: false, message: { kind: 'notFound', path: '/api/x' } }),
    );
    expect(await screen.findByText('Not found: /api/x')).toBeTruthy();
  });
});
