import { screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_API as API } from '../../test/accounts';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

function endpoint(overrides: Partial<WebhookEndpoint>): WebhookEndpoint {
  return {
    endpointId: '6f1c2b1e-8d2a-4c1b-9a53-0e6d2b7f4a10',
    url: 'https://erp.example.gr/hooks',
    description: 'ERP',
    eventTypes: ['payment.received', 'cards.loaded'],
    status: 'enabled',
    disabledAt: null,
    disabledReason: null,
    consecutiveFailures: 0,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

const ERP = endpoint({});
const DOWN = endpoint({
  endpointId: '7f1c2b1e-8d2a-4c1b-9a53-0e6d2b7f4a11',
  url: 'https://down.example.gr/hooks',
  status: 'disabled',
  disabledAt: '2026-11-25T10:00:00.000Z',
  disabledReason: 'failures',
  consecutiveFailures: 15,
});
const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const DELIVERY: WebhookDelivery = {
  deliveryId: '8f1c2b1e-8d2a-4c1b-9a53-0e6d2b7f4a12',
  eventId: '9f1c2b1e-8d2a-4c1b-9a53-0e6d2b7f4a13',
  eventType: 'payment.received',
  state: 'failed',
  attempts: 9,
  lastStatusCode: 503,
  lastResponseExcerpt: 'Service Unavailable',
  lastError: null,
  lastAttemptAt: '2026-11-25T10:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
};

describe('webhooks (/account/webhooks)', () => {
  it('lists the endpoints; the order manager creates one with its events and sees its secret once', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/webhookEndpoints`]: { body: { success: true, endpoints: [ERP, DOWN] } },
      [`POST ${API}/createWebhookEndpoint`]: ({ body }) => ({
        body: {
          success: true,
          endpoint: endpoint({ ...(body as object), endpointId: 'new' }),
          secret: SECRET,
        },
      }),
    });
    const { user } = renderApp('/account/webhooks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    const rowOf = (url: string) => within(table).getByText(url).closest('tr')!;
    expect(within(rowOf(ERP.url)).getByText('Ενεργό')).toBeTruthy();
    expect(
      within(rowOf(DOWN.url)).getByText('Απενεργοποιήθηκε μετά από επανειλημμένες αποτυχίες'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Webhooks' })).toBeTruthy();
    // The receiver's check is on the page.
    expect(screen.getByText(/createHmac\('sha256', secret\)/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Δημιουργία endpoint' }));
    expect(await screen.findByText('Δώστε μια διεύθυνση https://.')).toBeTruthy();
    expect(screen.getByText('Επιλέξτε τουλάχιστον ένα συμβάν.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/createWebhookEndpoint`)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Διεύθυνση \(URL\)/ }), 'https://pay.example.gr/in');
    await user.click(screen.getByRole('checkbox', { name: /^payment\.received/ }));
    await user.click(screen.getByRole('checkbox', { name: /^cards\.loaded/ }));
    await user.click(screen.getByRole('button', { name: 'Δημιουργία endpoint' }));
    const shown = await screen.findByRole('region', { name: 'Μυστικό υπογραφής (signing secret)' });
    expect(within(shown).getByText(/δεν θα το ξαναδείτε/)).toBeTruthy();
    expect(within(shown).getByRole<HTMLInputElement>('textbox').value).toBe(SECRET);
    const [sent] = requestsTo(fetchMock, `${API}/createWebhookEndpoint`);
    expect(sent!.body).toEqual({
      url: 'https://pay.example.gr/in',
      description: '',
      eventTypes: ['payment.received', 'cards.loaded'],
    });
    expect(sent!.headers.get('companyId')).toBe('C1001');
    await user.click(within(shown).getByRole('button', { name: 'Το αντέγραψα' }));
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  }, 20_000);

  it('shows an endpoint’s delivery log with codes, replays a delivery, enables and deletes endpoints', async () => {
    // The server's log: the delivery failed, then (once replayed) waits to be sent now.
    let current: WebhookDelivery = DELIVERY;
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/webhookEndpoints`]: { body: { success: true, endpoints: [ERP, DOWN] } },
      [`GET ${API}/webhookDeliveries`]: () => ({ body: { success: true, deliveries: [current] } }),
      [`POST ${API}/replayWebhookDelivery`]: () => {
        current = { ...DELIVERY, state: 'pending', nextAttemptAt: new Date().toISOString() };
        return { body: { success: true, delivery: current } };
      },
      [`POST ${API}/updateWebhookEndpoint`]: {
        body: { success: true, endpoint: { ...DOWN, status: 'enabled' } },
      },
      [`POST ${API}/deleteWebhookEndpoint`]: { body: { success: true } },
    });
    const { user } = renderApp('/account/webhooks');
    await user.click(await screen.findByRole('button', { name: `Ιστορικό αποστολών: ${DOWN.url}` }));
    const log = await screen.findByRole('table', { name: `Ιστορικό αποστολών: ${DOWN.url}` });
    const row = (await within(log).findByText(DELIVERY.eventId)).closest('tr')!;
    expect(within(row).getByText('503')).toBeTruthy();
    expect(within(row).getByText('Απέτυχε')).toBeTruthy();
    expect(within(row).getByText('Service Unavailable')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/webhookDeliveries`)[0]!.url.searchParams.get('endpointId')).toBe(
      DOWN.endpointId,
    );
    await user.click(within(row).getByRole('button', { name: `Αποστολή ξανά: ${DELIVERY.eventId}` }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${API}/replayWebhookDelivery`)[0]!.body).toEqual({
        deliveryId: DELIVERY.deliveryId,
      }),
    );
    // The new attempt shows as queued, not as one more "pending" retry (issue 34 §3 item 8).
    const replayedRow = (await within(log).findByText('Σε ουρά: αποστέλλεται τώρα')).closest('tr')!;
    expect(within(replayedRow).getByText(DELIVERY.eventId)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: `Ενεργοποίηση: ${DOWN.url}` }));
    expect(await screen.findByText(`Το endpoint ${DOWN.url} ενεργοποιήθηκε.`)).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/updateWebhookEndpoint`)[0]!.body).toEqual({
      endpointId: DOWN.endpointId,
      isEnabled: true,
    });

    await user.click(screen.getByRole('button', { name: `Διαγραφή: ${ERP.url}` }));
    const dialog = await screen.findByRole('dialog', { name: `Διαγραφή του endpoint ${ERP.url};` });
    expect(requestsTo(fetchMock, `${API}/deleteWebhookEndpoint`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Διαγραφή' }));
    expect(await screen.findByText(`Το endpoint ${ERP.url} διαγράφηκε.`)).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/deleteWebhookEndpoint`)[0]!.body).toEqual({
      endpointId: ERP.endpointId,
    });
  }, 20_000);

  it('says https only, or also http to this machine when the server allows it (issue 34 §3 item 7)', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/webhookEndpoints`]: {
        body: { success: true, endpoints: [], allowsHttpToLoopback: false },
      },
    });
    const strict = renderApp('/en/account/webhooks');
    const url = await screen.findByRole('textbox', { name: /^Address \(URL\)/ });
    expect(url.getAttribute('aria-describedby')).toBeTruthy();
    expect(await screen.findByText('https:// only')).toBeTruthy();
    strict.unmount();

    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/webhookEndpoints`]: {
        body: { success: true, endpoints: [], allowsHttpToLoopback: true },
      },
    });
    renderApp('/account/webhooks');
    expect(
      await screen.findByText(
        'https:// ή http:// προς αυτόν τον υπολογιστή (localhost, 127.0.0.1): ο διακομιστής είναι ρυθμισμένος για ανάπτυξη',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Μόνο https://')).toBeNull();
  });

  it('is in English under /en and closed to finance users', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/webhookEndpoints`]: { body: { success: true, endpoints: [] } },
    });
    const english = renderApp('/en/account/webhooks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
    expect(await screen.findByText('The company has no webhook endpoints yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'New webhook endpoint' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Verifying the signature' })).toBeTruthy();
    english.unmount();

    mockApi({ 'GET /api/auth/session': { body: session('finance') } });
    renderApp('/account/webhooks');
    expect(await screen.findByText('Δεν έχετε πρόσβαση σε αυτή τη σελίδα')).toBeTruthy();
  });
});
