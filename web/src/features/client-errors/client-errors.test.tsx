import type { ClientErrorsResponse } from '@tessera/domain';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const errors: ClientErrorsResponse = {
  success: true,
  since: '2026-11-25T10:00:00.000Z',
  total: 4,
  groups: [
    {
      message: "TypeError: Cannot read properties of undefined (reading 'cards')",
      level: 'error',
      count: 3,
      firstSeen: '2026-11-25T11:00:00.000Z',
      lastSeen: '2026-11-26T09:00:00.000Z',
      paths: ['/card-list', '/en/card-list'],
      sampleUserAgent: 'Mozilla/5.0 Chrome/131.0',
      sampleRequestId: 'req-42',
    },
    {
      message: 'there was an error loading data /api/content/menu',
      level: 'warn',
      count: 1,
      firstSeen: '2026-11-26T08:00:00.000Z',
      lastSeen: '2026-11-26T08:00:00.000Z',
      paths: ['/'],
      sampleUserAgent: 'Mozilla/5.0 Firefox/133.0',
      sampleRequestId: 'req-43',
    },
  ],
};

describe('/back-office/client-errors (role 1; issue 18 §8)', () => {
  it('lists the last day’s client errors grouped by message, in Greek', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('admin') },
      'GET /api/v1/client-logs/errors': { body: errors },
    });
    renderApp('/back-office/client-errors');
    const table = await screen.findByRole('table', { name: 'Σφάλματα εφαρμογής στον browser' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!).getByText("TypeError: Cannot read properties of undefined (reading 'cards')"),
    ).toBeTruthy();
    expect(within(rows[1]!).getByText('Σφάλμα')).toBeTruthy();
    expect(within(rows[1]!).getByText('3')).toBeTruthy();
    expect(within(rows[1]!).getByText('/card-list, /en/card-list')).toBeTruthy();
    expect(within(rows[1]!).getByText('Mozilla/5.0 Chrome/131.0')).toBeTruthy();
    expect(within(rows[2]!).getByText('Προειδοποίηση')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('4 μηνύματα από');
  });

  it('is the administrator’s only: customer care is refused', async () => {
    mockApi({ 'GET /api/auth/session': { body: session('care') } });
    renderApp('/en/back-office/client-errors');
    expect(await screen.findByText('You cannot open this page')).toBeTruthy();
  });
});
