import { screen, waitFor, within } from '@testing-library/react';
import type { RecurringRuleView } from '@tessera/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { uuid } from '../../test/orders';
import {
  CARD_ELENI,
  CARD_FILTER,
  CARD_MARIA,
  CARD_NIKOS,
  cardFilterHandler,
  labelOf,
  lineOf,
  money,
  ORDERS_API,
  previewRun,
  price,
  recurringRun,
  RULE_ID,
  ruleView,
  signedIn,
} from '../../test/recurring';
import { renderApp } from '../../test/render-app';

// Forms with many fields: slow under a loaded CI machine, not wrong.
vi.setConfig({ testTimeout: 30_000 });

const RUNS = [
  recurringRun({
    runId: uuid(9102),
    runDay: '2026-12-24',
    period: '2026-12',
    status: 'failed',
    failure: 'draftLimit',
    cardCount: 0,
    totalCents: 0,
    orders: [],
  }),
  recurringRun({
    orders: [
      {
        draftId: null,
        orderId: uuid(5001),
        orderNumber: 1234,
        orderStatus: 'loaded',
        family: 'plastic',
        cardCount: 1,
        totalCents: 17_856,
      },
      {
        draftId: uuid(6001),
        orderId: null,
        orderNumber: null,
        orderStatus: null,
        family: 'virtual',
        cardCount: 1,
        totalCents: 17_856,
      },
    ],
    notes: [
      {
        cardId: CARD_NIKOS.cardId,
        maskedNumber: CARD_NIKOS.maskedNumber,
        cardholderName: 'Νίκος Αλεξίου',
        note: 'replaced',
        newCardId: uuid(7777),
      },
    ],
  }),
];

function ruleApi(
  who: 'om1' | 'finance',
  rule: RecurringRuleView = ruleView(),
  extra: Record<string, MockHandler> = {},
) {
  return mockApi({
    ...signedIn(who),
    [`POST ${CARD_FILTER}`]: cardFilterHandler(),
    [`GET ${ORDERS_API}/retrieveRecurringRule`]: { body: { success: true, rule } },
    [`GET ${ORDERS_API}/previewRecurringRule`]: {
      body: {
        success: true,
        runs: [
          previewRun(),
          previewRun({ runDay: '2027-01-25', workingDays: 20, price: price(32_000, 640) }),
          previewRun({ runDay: '2027-02-25', workingDays: 20, price: price(32_000, 640) }),
        ],
      },
    },
    [`GET ${ORDERS_API}/retrieveRecurringRuns`]: {
      body: { success: true, runs: RUNS, total: 14, page: 1, pageSize: 12 },
    },
    [`GET ${ORDERS_API}/retrieveRecurringRules`]: {
      body: { success: true, rules: [], settings: { reminderDays: 0 } },
    },
    ...extra,
  });
}

const RULE_PAGE = `/orders/recurring-rules/${RULE_ID}`;

describe('a recurring rule’s page (/orders/recurring-rules/:ruleId)', () => {
  it('shows the rule, its next runs priced now and its run history with reasons and orders', async () => {
    const fetchMock = ruleApi('om1');
    const { user } = renderApp(RULE_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Επίδομα σίτισης' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Επίδομα σίτισης · Tessera'));
    expect(screen.getByText('Ενεργός')).toBeTruthy();
    expect(screen.getByText(`Μηνιαία, στις 25 (εργάσιμη) · ${money(800)} ανά εργάσιμη`)).toBeTruthy();
    expect(screen.getByText('Επόμενη εκτέλεση: 24/12/2026')).toBeTruthy();

    const preview = await screen.findByRole('list', { name: 'Επόμενες εκτελέσεις' });
    const next = within(preview).getByRole('article', { name: '24/12/2026' });
    expect(within(next).getByText('Εργάσιμες ημέρες του μήνα').nextElementSibling?.textContent).toBe('21');
    expect(
      within(next).getByText('Σύνολο πληρωμής').nextElementSibling?.textContent?.replace(/\s/g, ' '),
    ).toBe(money(33_600 + 672 + 161));

    const history = await screen.findByRole('table', { name: 'Ιστορικό εκτελέσεων' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('24/12/2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('Απέτυχε')).toBeTruthy();
    expect(within(rows[0]!).getByText('Η εταιρεία έχει φτάσει το όριο πρόχειρων παραγγελιών.')).toBeTruthy();
    expect(within(rows[1]!).getByText('Δημιουργήθηκε')).toBeTruthy();
    expect(within(rows[1]!).getByText(money(35_712))).toBeTruthy();
    const order = within(rows[1]!).getByRole('link', { name: 'Παραγγελία #1234' });
    expect(order.getAttribute('href')).toBe(`/order-details-page?orderId=${uuid(5001)}`);
    expect(order.parentElement?.textContent).toBe('Παραγγελία #1234 · Φορτώθηκε');
    expect(within(rows[1]!).getByRole('link', { name: 'Πρόχειρη παραγγελία' }).getAttribute('href')).toBe(
      `/card-issue/info/${uuid(6001)}`,
    );
    expect(
      within(rows[1]!).getByText(
        `Νίκος Αλεξίου (•••• ${CARD_NIKOS.last4}): αντικαταστάθηκε· φορτίζεται η νέα της κάρτα`,
      ),
    ).toBeTruthy();

    // 14 runs, 12 a page: the second page is asked for by number.
    await user.click(screen.getByRole('button', { name: 'Σελίδα 2' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${ORDERS_API}/retrieveRecurringRuns`).at(-1)?.url.search).toBe(
        `?ruleId=${RULE_ID}&page=2&pageSize=12`,
      ),
    );
    const [read] = requestsTo(fetchMock, `${ORDERS_API}/retrieveRecurringRule`);
    expect(read?.url.search).toBe(`?ruleId=${RULE_ID}`);
    expect(read?.headers.get('companyId')).toBe('C1001');
    expect(requestsTo(fetchMock, `${ORDERS_API}/previewRecurringRule`)[0]?.url.search).toBe(
      `?ruleId=${RULE_ID}`,
    );
  });

  it('pauses an active rule and resumes it', async () => {
    const fetchMock = ruleApi('om1', ruleView(), {
      [`POST ${ORDERS_API}/pauseRecurringRule`]: {
        body: { success: true, rule: ruleView({ status: 'paused', nextRunDay: null }) },
      },
      [`POST ${ORDERS_API}/resumeRecurringRule`]: { body: { success: true, rule: ruleView() } },
    });
    const { user } = renderApp(RULE_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Παύση' }));
    expect(await screen.findByText('Ο κανόνας «Επίδομα σίτισης» τέθηκε σε παύση.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS_API}/pauseRecurringRule`)[0]?.body).toEqual({ ruleId: RULE_ID });
    expect(screen.getByText('Σε παύση: καμία εκτέλεση μέχρι τη συνέχισή του')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Συνέχιση' }));
    expect(await screen.findByText('Ο κανόνας «Επίδομα σίτισης» συνεχίζεται.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS_API}/resumeRecurringRule`)[0]?.body).toEqual({ ruleId: RULE_ID });
    expect(screen.getByRole('button', { name: 'Παύση' })).toBeTruthy();
  });

  it('deletes the rule after asking, and says so on the list', async () => {
    const fetchMock = ruleApi('om1', ruleView(), {
      [`POST ${ORDERS_API}/deleteRecurringRule`]: { body: { success: true } },
    });
    const { user, router } = renderApp(RULE_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Διαγραφή' }));
    const dialog = await screen.findByRole('dialog', { name: 'Διαγραφή κανόνα' });
    expect(within(dialog).getByText(/Να διαγραφεί ο κανόνας «Επίδομα σίτισης»;/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Ναι, διαγραφή' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/recurring-rules'));
    expect(await screen.findByText('Ο κανόνας «Επίδομα σίτισης» διαγράφηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS_API}/deleteRecurringRule`)[0]?.body).toEqual({ ruleId: RULE_ID });
  });

  it('changes a saved rule’s cards one operation at a time: amounts, removal, addition', async () => {
    const perCard = ruleView({
      amountMode: 'perCard',
      amountCents: null,
      lines: [lineOf(CARD_MARIA, 5_000), lineOf(CARD_NIKOS, 7_000)],
    });
    const fetchMock = ruleApi('om1', perCard, {
      [`POST ${ORDERS_API}/updateRecurringRuleCards`]: {
        body: {
          success: true,
          rule: { ...perCard, lines: [lineOf(CARD_MARIA, 6_000), lineOf(CARD_NIKOS, 7_000)] },
        },
      },
      [`POST ${ORDERS_API}/deleteRecurringRuleCards`]: {
        body: { success: true, rule: { ...perCard, lines: [lineOf(CARD_MARIA, 6_000)] } },
      },
      [`POST ${ORDERS_API}/addRecurringRuleCards`]: {
        body: {
          success: true,
          rule: { ...perCard, lines: [lineOf(CARD_MARIA, 6_000), lineOf(CARD_ELENI, 4_500)] },
        },
      },
    });
    const { user } = renderApp(RULE_PAGE);
    const lines = await screen.findByRole('table', { name: 'Κάρτες του κανόνα' });
    const maria = within(lines).getByRole('textbox', { name: `Ποσό για ${labelOf(CARD_MARIA)}` });
    expect((maria as HTMLInputElement).value).toBe('50,00');
    await user.clear(maria);
    await user.type(maria, '60');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ποσών' }));
    expect(await screen.findByText('Αποθηκεύτηκε το ποσό 1 κάρτας.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS_API}/updateRecurringRuleCards`)[0]?.body).toEqual({
      ruleId: RULE_ID,
      lines: [{ cardId: CARD_MARIA.cardId, amountCents: 6_000 }],
    });

    await user.click(screen.getByRole('button', { name: `Αφαίρεση της κάρτας ${labelOf(CARD_NIKOS)}` }));
    expect(await screen.findByText(`Η κάρτα ${labelOf(CARD_NIKOS)} αφαιρέθηκε από τον κανόνα.`)).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS_API}/deleteRecurringRuleCards`)[0]?.body).toEqual({
      ruleId: RULE_ID,
      cardIds: [CARD_NIKOS.cardId],
    });
    // The last card stays: a rule loads at least one.
    expect(screen.queryByRole('button', { name: `Αφαίρεση της κάρτας ${labelOf(CARD_MARIA)}` })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Προσθήκη καρτών' }));
    await user.click(
      await screen.findByRole('checkbox', {
        name: `Επιλογή: Ελένη Σταύρου, κάρτα με κατάληξη ${CARD_ELENI.last4}`,
      }),
    );
    const picked = screen.getByRole('table', { name: 'Κάρτες προς προσθήκη' });
    await user.click(screen.getByRole('button', { name: 'Προσθήκη 1 κάρτας' }));
    // Without its amount the card is not sent.
    expect(
      await within(picked).findByText(`Συμπληρώστε ποσό για την κάρτα ${labelOf(CARD_ELENI)}.`),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS_API}/addRecurringRuleCards`)).toHaveLength(0);
    await user.type(within(picked).getByRole('textbox', { name: `Ποσό για ${labelOf(CARD_ELENI)}` }), '45');
    await user.click(screen.getByRole('button', { name: 'Προσθήκη 1 κάρτας' }));
    expect(await screen.findByText('Προστέθηκε 1 κάρτα στον κανόνα.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS_API}/addRecurringRuleCards`)[0]?.body).toEqual({
      ruleId: RULE_ID,
      lines: [{ cardId: CARD_ELENI.cardId, amountCents: 4_500 }],
    });
  });

  it('shows a finance user the rule read only: no edit, pause, delete or card changes', async () => {
    ruleApi('finance');
    renderApp(RULE_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Επίδομα σίτισης' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Ιστορικό εκτελέσεων' });
    expect(screen.getByRole('table', { name: 'Κάρτες του κανόνα' })).toBeTruthy();
    for (const name of [
      'Επεξεργασία',
      'Παύση',
      'Συνέχιση',
      'Διαγραφή',
      'Προσθήκη καρτών',
      'Αποθήκευση ποσών',
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /^Αφαίρεση/ })).toBeNull();
    // A draft is the order manager's to open: its name is shown, not a link to a page it may not open.
    expect(screen.queryByRole('link', { name: 'Πρόχειρη παραγγελία' })).toBeNull();
    expect(screen.getByText('Πρόχειρη παραγγελία')).toBeTruthy();
  });

  it('keeps a finance user out of the editor, even by its address', async () => {
    ruleApi('finance');
    renderApp(`${RULE_PAGE}?mode=edit`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Επίδομα σίτισης' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Όνομα κανόνα/ })).toBeNull();
  });
});

describe('a recurring rule’s page in English', () => {
  it('names the failure reasons, statuses and notes in English', async () => {
    ruleApi('om1');
    renderApp(`/en${RULE_PAGE}`);
    expect(await screen.findByText('Next run: 24/12/2026')).toBeTruthy();
    const history = await screen.findByRole('table', { name: 'Run history' });
    expect(within(history).getByText('The company has reached its draft order limit.')).toBeTruthy();
    expect(within(history).getByRole('link', { name: 'Order #1234' }).getAttribute('href')).toBe(
      `/en/order-details-page?orderId=${uuid(5001)}`,
    );
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/en${RULE_PAGE}?mode=edit`);
  });
});
