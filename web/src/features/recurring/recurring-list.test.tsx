import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { onNarrowScreen, recordFields } from '../../test/narrow-screen';
import { uuid } from '../../test/orders';
import {
  fieldErrors,
  money,
  ORDERS_API,
  recurringRun,
  RULE_ID,
  ruleSummary,
  signedIn,
} from '../../test/recurring';
import { renderApp } from '../../test/render-app';

// Forms with many fields: slow under a loaded CI machine, not wrong.
vi.setConfig({ testTimeout: 30_000 });

const RULES = [
  ruleSummary(),
  ruleSummary({
    ruleId: uuid(9002),
    name: 'Δώρο Χριστουγέννων',
    product: 'VOUCHER',
    amountMode: 'sameForAll',
    amountCents: 15_000,
    schedule: { kind: 'lastWorkingDay' },
    status: 'paused',
    cardCount: 40,
    nextRunDay: null,
    lastRun: null,
  }),
  ruleSummary({
    ruleId: uuid(9003),
    name: 'Πριμ ομάδας',
    product: 'SPENDEO',
    amountMode: 'perCard',
    amountCents: null,
    schedule: { kind: 'everyTwoWeeks', workingDaysOnly: false },
    status: 'ended',
    cardCount: 3,
    nextRunDay: null,
    lastRun: recurringRun({
      runId: uuid(9101),
      ruleId: uuid(9003),
      runDay: '2026-06-12',
      status: 'failed',
      failure: 'noValidCards',
      orders: [],
      totalCents: 0,
      cardCount: 0,
    }),
  }),
];

function listApi(
  who: 'om1' | 'finance',
  rules = RULES,
  extra: Record<string, MockHandler> = {},
): ReturnType<typeof mockApi> {
  return mockApi({
    ...signedIn(who),
    [`GET ${ORDERS_API}/retrieveRecurringRules`]: {
      body: { success: true, rules, settings: { reminderDays: 3 } },
    },
    ...extra,
  });
}

describe('the recurring loads list (/orders/recurring-rules)', () => {
  it('lists the rules with their schedule and amount in words, state, next and last run', async () => {
    const fetchMock = listApi('om1');
    renderApp('/orders/recurring-rules');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Επαναλαμβανόμενες φορτίσεις' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Επαναλαμβανόμενες φορτίσεις · Tessera'));
    const table = await screen.findByRole('table', { name: 'Κανόνες επαναλαμβανόμενης φόρτισης' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Όνομα',
      'Προϊόν',
      'Πρόγραμμα',
      'Ποσό',
      'Κάρτες',
      'Κατάσταση',
      'Επόμενη εκτέλεση',
      'Τελευταία εκτέλεση',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    const meal = within(rows[0]!);
    expect(meal.getByRole('link', { name: 'Επίδομα σίτισης' }).getAttribute('href')).toBe(
      `/orders/recurring-rules/${RULE_ID}`,
    );
    expect(meal.getByText('Ticket Restaurant')).toBeTruthy();
    expect(meal.getByText('Μηνιαία, στις 25 (εργάσιμη)')).toBeTruthy();
    expect(meal.getByText(`${money(800)} ανά εργάσιμη`)).toBeTruthy();
    expect(meal.getByText('Ενεργός')).toBeTruthy();
    expect(meal.getByText('24/12/2026')).toBeTruthy();
    expect(meal.getByText('Δημιουργήθηκε · 25/11/2026')).toBeTruthy();
    expect(meal.getByRole('link', { name: 'Παραγγελία #1234' }).getAttribute('href')).toBe(
      `/order-details-page?orderId=${uuid(5001)}`,
    );
    expect(rows[0]!.textContent).toContain('Αναμονή πληρωμής');

    const gift = within(rows[1]!);
    expect(gift.getByText('Δωροκάρτα')).toBeTruthy();
    expect(gift.getByText('Τελευταία εργάσιμη του μήνα')).toBeTruthy();
    expect(gift.getByText(`${money(15_000)} ανά κάρτα`)).toBeTruthy();
    expect(gift.getByText('Σε παύση')).toBeTruthy();
    expect(gift.getByText('Καμία')).toBeTruthy();
    expect(gift.getByText('Δεν έχει εκτελεστεί ακόμη')).toBeTruthy();

    const bonus = within(rows[2]!);
    expect(bonus.getByText('Κάθε δύο εβδομάδες')).toBeTruthy();
    expect(bonus.getByText('Ξεχωριστό ποσό ανά κάρτα')).toBeTruthy();
    expect(bonus.getByText('Έληξε')).toBeTruthy();
    expect(bonus.getByText('Απέτυχε · 12/06/2026')).toBeTruthy();
    expect(bonus.getByText('Καμία κάρτα δεν μπορούσε να φορτιστεί.')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Νέος κανόνας' }).getAttribute('href')).toBe(
      '/orders/recurring-rules/new',
    );
    // A company request: the company acted for goes in its header.
    const [list] = requestsTo(fetchMock, `${ORDERS_API}/retrieveRecurringRules`);
    expect(list?.headers.get('companyId')).toBe('C1001');
  });

  it('explains what a rule does when there is none, with the button to make one', async () => {
    listApi('om1', []);
    renderApp('/orders/recurring-rules');
    expect(await screen.findByText('Δεν υπάρχουν ακόμη επαναλαμβανόμενες φορτίσεις.')).toBeTruthy();
    expect(screen.getByText(/Ένας κανόνας φορτίζει τις κάρτες που επιλέγετε σε κάθε περίοδο/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Νέος κανόνας' })).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lets the order manager set the reminder days, refusing more than 14', async () => {
    const fetchMock = listApi('om1', RULES, {
      [`POST ${ORDERS_API}/recurringSettings`]: ({ body }) => ({
        body: { success: true, settings: body as { reminderDays: number } },
      }),
    });
    const { user } = renderApp('/orders/recurring-rules');
    const days = await screen.findByRole('spinbutton', {
      name: 'Υπενθύμιση με email, ημέρες πριν από κάθε εκτέλεση (0 = καμία)',
    });
    expect((days as HTMLInputElement).value).toBe('3');
    await user.clear(days);
    await user.type(days, '20');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση υπενθύμισης' }));
    expect(await screen.findByText('Πληκτρολογήστε έναν ακέραιο αριθμό από 0 έως 14.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS_API}/recurringSettings`)).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '5');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση υπενθύμισης' }));
    expect(await screen.findByText('Αποθηκεύτηκε: υπενθύμιση 5 ημέρες πριν.')).toBeTruthy();
    const [saved] = requestsTo(fetchMock, `${ORDERS_API}/recurringSettings`);
    expect(saved?.body).toEqual({ reminderDays: 5 });
    expect(saved?.headers.get('companyId')).toBe('C1001');
  });

  it('shows the server’s word on the reminder at its field', async () => {
    listApi('om1', RULES, {
      [`POST ${ORDERS_API}/recurringSettings`]: fieldErrors([
        { field: 'reminderDays', message: 'Η υπενθύμιση δεν είναι διαθέσιμη για αυτή την εταιρεία.' },
      ]),
    });
    const { user } = renderApp('/orders/recurring-rules');
    const days = await screen.findByRole('spinbutton', { name: /^Υπενθύμιση με email/ });
    await user.clear(days);
    await user.type(days, '2');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση υπενθύμισης' }));
    expect(await screen.findByText('Η υπενθύμιση δεν είναι διαθέσιμη για αυτή την εταιρεία.')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a finance user the rules and the reminder read only, with no way to make a rule', async () => {
    listApi('finance');
    renderApp('/orders/recurring-rules');
    await screen.findByRole('table', { name: 'Κανόνες επαναλαμβανόμενης φόρτισης' });
    expect(screen.getByText('Υπενθύμιση με email 3 ημέρες πριν από κάθε εκτέλεση.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Νέος κανόνας' })).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Αποθήκευση υπενθύμισης' })).toBeNull();
  });

  it('stacks each rule as a card on a phone', async () => {
    onNarrowScreen();
    listApi('om1');
    renderApp('/orders/recurring-rules');
    const list = await screen.findByRole('list', { name: 'Κανόνες επαναλαμβανόμενης φόρτισης' });
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBeGreaterThanOrEqual(3);
    const first = items[0]!;
    expect(within(first).getByRole('link', { name: 'Επίδομα σίτισης' })).toBeTruthy();
    expect(within(first).getByText('Ενεργός')).toBeTruthy();
    const fields = recordFields(first);
    expect(fields['Πρόγραμμα']).toBe('Μηνιαία, στις 25 (εργάσιμη)');
    expect(fields['Επόμενη εκτέλεση']).toBe('24/12/2026');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the recurring loads list in English (/en/orders/recurring-rules)', () => {
  it('says everything in English and links to English pages', async () => {
    listApi('om1');
    renderApp('/en/orders/recurring-rules');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recurring loads' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Recurring loads · Tessera'));
    const table = await screen.findByRole('table', { name: 'Recurring load rules' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Monthly on the 25th (working day)')).toBeTruthy();
    expect(within(rows[0]!).getByText(`${money(800)} per working day`)).toBeTruthy();
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
    expect(within(rows[0]!).getByText('Awaiting payment', { exact: false })).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Επίδομα σίτισης' }).getAttribute('href')).toBe(
      `/en/orders/recurring-rules/${RULE_ID}`,
    );
    expect(within(rows[1]!).getByText('Last working day of the month')).toBeTruthy();
    expect(within(rows[1]!).getByText(`${money(15_000)} per card`)).toBeTruthy();
    expect(within(rows[1]!).getByText('Paused')).toBeTruthy();
    expect(within(rows[2]!).getByText('Every two weeks')).toBeTruthy();
    expect(within(rows[2]!).getByText('No card could be loaded.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New rule' }).getAttribute('href')).toBe(
      '/en/orders/recurring-rules/new',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Reminder before each run' })).toBeTruthy();
  });
});
