import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { menu } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { CARD_FILTER, cardFilterHandler, ORDERS_API, signedIn } from '../../test/recurring';
import { renderApp } from '../../test/render-app';

// Forms with many fields: slow under a loaded CI machine, not wrong.
vi.setConfig({ testTimeout: 30_000 });

/** The orders menu as the CMS serves it: order history, drafts, overview. */
const ORDERS_MENU = {
  ...menu,
  main_menu: [
    ...menu.main_menu.filter((item) => item.href !== '/orders/order-history'),
    {
      ...menu.main_menu.find((item) => item.href === '/orders/order-history')!,
      children: ['/orders/order-history', '/draft-orders', '/orders-overview'].map((href) => ({
        ...menu.main_menu[0]!,
        link: { ...menu.main_menu[0]!.link, id: href, url: href, title: href },
        text: href === '/draft-orders' ? 'Πρόχειρες' : href,
        level: 2,
        href,
        systemName: href,
      })),
    },
  ],
};

describe('the ways into recurring loads', () => {
  it('the orders menu offers them after the drafts', async () => {
    mockApi({
      ...signedIn('finance'),
      'GET /api/content/menu': { body: ORDERS_MENU },
      [`GET ${ORDERS_API}/retrieveRecurringRules`]: {
        body: { success: true, rules: [], settings: { reminderDays: 0 } },
      },
    });
    const { user } = renderApp('/orders/recurring-rules');
    await screen.findByRole('heading', { level: 1, name: 'Επαναλαμβανόμενες φορτίσεις' });
    const nav = screen.getByRole('navigation', { name: 'Κύριο μενού' });
    await user.click(within(nav).getByRole('button', { name: /Παραγγελίες/ }));
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.slice(links.indexOf('Πρόχειρες'), links.indexOf('Πρόχειρες') + 2)).toEqual([
      'Πρόχειρες',
      'Επαναλαμβανόμενες φορτίσεις',
    ]);
    expect(within(nav).getByRole('link', { name: 'Επαναλαμβανόμενες φορτίσεις' }).getAttribute('href')).toBe(
      '/orders/recurring-rules',
    );
  });

  it('the card-load page links to a new rule', async () => {
    mockApi({
      ...signedIn('om1'),
      [`POST ${CARD_FILTER}`]: cardFilterHandler(),
      'GET /api/v1/accounts/retrieveCardSummaries': { body: { success: true, summaries: [] } },
      [`GET ${ORDERS_API}/retrieveVoucherBundles`]: { body: { success: true, bundles: [] } },
      [`GET ${ORDERS_API}/retrieveComplimentaryBundles`]: { body: { success: true, bundles: [] } },
    });
    const { user, router } = renderApp('/en/card-load');
    const link = await screen.findByRole('link', { name: 'Set up a recurring load' });
    expect(link.getAttribute('href')).toBe('/en/orders/recurring-rules/new');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'New recurring load' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/orders/recurring-rules/new');
  });
});
