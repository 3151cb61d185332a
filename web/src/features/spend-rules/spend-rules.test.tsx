import { screen, waitFor, within } from '@testing-library/react';
import type { SpendRule } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_API as API, descriptionOf } from '../../test/accounts';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
function spendRule(overrides: Partial<SpendRule>): SpendRule {
  return {
    ruleId: '7d1f1b7e-0000-4000-8000-000000000001',
    product: 'SPENDEO',
    name: 'Εστιατόρια εργάσιμες',
    target: { kind: 'category', category: 'restaurants' },
    period: 'day',
    limitCents: 5000,
    createdAt: '2026-02-01T09:00:00.000Z',
    createdBy: 'Ελένη Κωνσταντίνου',
    ...overrides,
  };
}

const SPENDEO_RULES = [
  spendRule({}),
  spendRule({
    ruleId: '7d1f1b7e-0000-4000-8000-000000000002',
    name: 'Χωρίς ηλεκτρονικά',
    target: { kind: 'category', category: 'electronics' },
    period: 'transaction',
    limitCents: null,
  }),
  spendRule({
    ruleId: '7d1f1b7e-0000-4000-8000-000000000003',
    name: 'Ταξί',
    target: { kind: 'merchant', merchant: 'Taxiplon' },
    period: 'month',
    limitCents: 20000,
  }),
];

const CORE = {
  success: true,
  coreCategories: [
    { code: 'food', name: 'Τρόφιμα και σούπερ μάρκετ' },
    { code: 'health', name: 'Υγεία και φαρμακεία' },
  ],
};
const BENEFITS = {
  success: true,
  rules: [
    spendRule({
      ruleId: '7d1f1b7e-0000-4000-8000-000000000009',
      product: 'MY_BENEFITS',
      name: 'food',
      target: { kind: 'core', coreCategory: 'food' },
      period: 'month',
      limitCents: 4500,
    }),
  ],
};

function spendRuleHandlers(extra: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    [`GET ${API}/retrieveCompanySpendRules`]: { body: { success: true, rules: SPENDEO_RULES } },
    [`GET ${API}/retrieveMyBenefitsRules`]: { body: BENEFITS },
    [`GET ${API}/retrieveCoreCategories`]: { body: CORE },
    ...extra,
  };
}

describe('spend rules (/account/spend-rules)', () => {
  it('shows a finance user the Spendeo rules and the MyBenefits allowances, read only', async () => {
    mockApi({ 'GET /api/auth/session': { body: session('finance') }, ...spendRuleHandlers() });
    const { user, router } = renderApp('/account/spend-rules');
    expect(await screen.findByRole('heading', { level: 1, name: 'Κανόνες δαπανών' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Κανόνες Spendeo' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('Εστιατόρια')).toBeTruthy();
    expect(within(rows[1]!).getByText('50,00 € ανά ημέρα')).toBeTruthy();
    expect(within(rows[2]!).getByText('Αποκλείεται')).toBeTruthy();
    expect(within(rows[3]!).getByText('Έμπορος: Taxiplon')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Διαγραφή/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Δημιουργία κανόνα' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'MyBenefits' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=mybenefits'));
    const allowances = await screen.findByRole('table', { name: 'Μηνιαία όρια MyBenefits' });
    const food = within(allowances).getByRole('row', { name: /Τρόφιμα και σούπερ μάρκετ/ });
    expect(within(food).getByText('45,00 € τον μήνα')).toBeTruthy();
    const health = within(allowances).getByRole('row', { name: /Υγεία και φαρμακεία/ });
    expect(within(health).getByText('Δεν έχει οριστεί')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Αποθήκευση ορίου' })).toBeNull();
  });

  it('lets the order manager create a rule with an amount in euros and delete one after confirming', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      ...spendRuleHandlers({
        [`POST ${API}/createSpendRule`]: ({ body }) => ({
          body: {
            success: true,
            rule: spendRule({ ...(body as object), ruleId: '7d1f1b7e-0000-4000-8000-00000000000a' }),
          },
        }),
        [`POST ${API}/deleteSpendRule`]: { body: { success: true } },
      }),
    });
    const { user } = renderApp('/account/spend-rules');
    await screen.findByRole('table', { name: 'Κανόνες Spendeo' });

    await user.type(screen.getByRole('textbox', { name: /^Όνομα κανόνα/ }), 'Καύσιμα εβδομάδας');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Κατηγορία εμπόρων/ }), 'fuel');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Περίοδος/ }), 'week');
    const limit = screen.getByRole('textbox', { name: /^Όριο σε ευρώ/ });
    await user.type(limit, '0,50');
    await user.click(screen.getByRole('button', { name: 'Δημιουργία κανόνα' }));
    await waitFor(() =>
      expect(descriptionOf(limit)).toContain('Το ποσό πρέπει να είναι από 1,00 € έως 100.000,00 €.'),
    );
    await user.clear(limit);
    await user.type(limit, 'δέκα');
    await waitFor(() =>
      expect(descriptionOf(limit)).toContain('Πληκτρολογήστε ποσό σε ευρώ, π.χ. 1.250,00.'),
    );
    expect(requestsTo(fetchMock, `${API}/createSpendRule`)).toHaveLength(0);

    await user.clear(limit);
    await user.type(limit, '1.234,56');
    await user.click(screen.getByRole('button', { name: 'Δημιουργία κανόνα' }));
    expect(await screen.findByText('Ο κανόνας «Καύσιμα εβδομάδας» δημιουργήθηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/createSpendRule`)[0]?.body).toEqual({
      name: 'Καύσιμα εβδομάδας',
      target: { kind: 'category', category: 'fuel' },
      period: 'week',
      blocked: false,
      limitCents: 123456,
    });

    await user.click(screen.getByRole('button', { name: 'Διαγραφή κανόνα Ταξί' }));
    const dialog = await screen.findByRole('dialog', { name: 'Διαγραφή κανόνα' });
    expect(within(dialog).getByText(/Ο κανόνας «Ταξί» θα διαγραφεί/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Διαγραφή κανόνα' }));
    expect(await screen.findByText('Ο κανόνας «Ταξί» διαγράφηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/deleteSpendRule`)[0]?.body).toEqual({
      ruleId: '7d1f1b7e-0000-4000-8000-000000000003',
    });
  });

  it('lets the order manager set a MyBenefits monthly allowance', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      ...spendRuleHandlers({
        [`POST ${API}/createBenefitsSpendRule`]: ({ body }) => {
          const { coreCategory, monthlyLimitCents } = body as {
            coreCategory: string;
            monthlyLimitCents: number;
          };
          return {
            body: {
              success: true,
              rule: spendRule({
                product: 'MY_BENEFITS',
                name: coreCategory,
                target: { kind: 'core', coreCategory },
                period: 'month',
                limitCents: monthlyLimitCents,
              }),
            },
          };
        },
      }),
    });
    const { user } = renderApp('/account/spend-rules?tab=mybenefits');
    await screen.findByRole('table', { name: 'Μηνιαία όρια MyBenefits' });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Βασική κατηγορία/ }), 'health');
    await user.type(screen.getByRole('textbox', { name: /^Μηνιαίο όριο σε ευρώ/ }), '60');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ορίου' }));
    expect(await screen.findByText('Το μηνιαίο όριο για «Υγεία και φαρμακεία» αποθηκεύτηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/createBenefitsSpendRule`)[0]?.body).toEqual({
      coreCategory: 'health',
      monthlyLimitCents: 6000,
    });
  });
});

describe('spend rules in English (/en/account/spend-rules)', () => {
  it('is in English under /en, with English links', async () => {
    mockApi({ 'GET /api/auth/session': { body: session('finance') }, ...spendRuleHandlers() });
    renderApp('/en/account/spend-rules');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spend rules' })).toBeTruthy();
    expect(document.title).toBe('Spend rules · Tessera');
    const nav = screen.getByRole('navigation', { name: 'My account' });
    const deliveryPoints = within(nav).getByRole('link', { name: 'Delivery points' });
    expect(deliveryPoints.getAttribute('href')).toBe('/en/account/delivery-points');
    const table = await screen.findByRole('table', { name: 'Spendeo rules' });
    expect(within(table).getByText('50,00 € per day')).toBeTruthy();
    expect(within(table).getByText('Restaurants')).toBeTruthy();
    expect(within(table).getByText('Blocked')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'MyBenefits' })).toBeTruthy();
  });
});
