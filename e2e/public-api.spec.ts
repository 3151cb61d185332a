import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * The public API end to end (issue 22 §1–2, ADRs 034 and 037), in Chromium: the order manager of
 * C1001 creates an API client on the portal and copies its secret; the company's payroll system
 * (here the test, over HTTP) takes a token, lists cards and loads three of them in one idempotent
 * bulk call; the order it made is on the portal with its RF reference; the API document renders at
 * /account/api-docs in Greek and in English, on a phone and on a desktop.
 */
test('a payroll system loads cards through the public API with a client the order manager made', async ({
  page,
}) => {
  await signInAs(page, 'om1@tessera.demo');
  await page.goto('/account/api-clients');
  await page.getByLabel('Όνομα').fill('Μισθοδοσία E2E');
  await page.getByRole('checkbox', { name: 'ανάγνωση καρτών' }).check();
  await page.getByRole('checkbox', { name: 'υποβολή παραγγελιών' }).check();
  await page.getByRole('button', { name: 'Δημιουργία πελάτη' }).click();
  const shown = page.getByRole('region', { name: 'Μυστικό πελάτη (client secret)' });
  await expect(shown).toBeVisible();
  const clientSecret = await shown.getByLabel('Μυστικό πελάτη (client secret)').inputValue();
  const clientId = await shown.getByRole('textbox').first().inputValue();
  expect(clientSecret).toMatch(/^tcs_/);
  expect(clientId).toMatch(/^tc_/);

  // The payroll system: a token, three cards, one bulk call (sent twice: one order).
  const api = page.context().request;
  const token = await api.post('/api/public/v1/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const authorization = `Bearer ${accessToken}`;
  const cards = await api.get(
    '/api/public/v1/cards?status=active&product=TICKET_RESTAURANT&family=plastic&limit=200',
    {
      headers: { authorization },
    },
  );
  expect(cards.status()).toBe(200);
  const loadable = ((await cards.json()) as { data: { cardId: string; expiryDate: string }[] }).data
    .filter((card) => card.expiryDate > new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10))
    .slice(0, 3);
  expect(loadable).toHaveLength(3);
  const key = crypto.randomUUID();
  const body = {
    alias: 'Μισθοδοσία Νοεμβρίου',
    paymentMethod: 'RF',
    lines: loadable.map((card) => ({ cardId: card.cardId, amountCents: 15_000 })),
  };
  const first = await api.post('/api/public/v1/loads/bulk', {
    headers: { authorization, 'idempotency-key': key },
    data: body,
  });
  expect(first.status(), await first.text()).toBe(201);
  const again = await api.post('/api/public/v1/loads/bulk', {
    headers: { authorization, 'idempotency-key': key },
    data: body,
  });
  expect(await again.text()).toBe(await first.text());
  const { orders } = (await first.json()) as {
    orders: {
      order: { orderId: string; orderNumber: number; status: string };
      payment: { rfCode: string };
    }[];
  };
  expect(orders).toHaveLength(1);
  const [{ order, payment }] = orders as [(typeof orders)[number]];
  expect(order.status).toBe('awaiting_payment');

  // The order manager sees it on the portal, with its reference.
  await page.goto(`/order-details-page?orderId=${order.orderId}`);
  await expect(page.getByText(`#${order.orderNumber}`).first()).toBeVisible();
  // The reference may be shown in groups of four.
  await expect(page.getByText(new RegExp(payment.rfCode.split('').join('\\s?'))).first()).toBeVisible();

  // The document, in both languages, on a phone and on a desktop.
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/account/api-docs');
    await expect(page.getByRole('heading', { level: 1, name: 'Έγγραφο API' })).toBeVisible();
    await expect(page.getByText('/api/public/v1/loads/bulk').first()).toBeVisible();
    await screenshot(page, `public-api-docs-el-${width}`);
  }
  await expectAccessible(page, 'api docs');
});

test('the API document in English', async ({ page }) => {
  await signInAs(page, 'om1@tessera.demo', 'en');
  await page.goto('/en/account/api-docs');
  await expect(page.getByRole('heading', { level: 1, name: 'API document' })).toBeVisible();
  await expect(page.getByText('Tessera public API v1')).toBeVisible();
  await page.getByLabel('Find an operation').fill('statements');
  await expect(page.getByText('/api/public/v1/statements', { exact: true })).toBeVisible();
  await expect(page.getByText('/api/public/v1/loads/bulk', { exact: true })).toHaveCount(0);
  await screenshot(page, 'public-api-docs-en-1440');
});
