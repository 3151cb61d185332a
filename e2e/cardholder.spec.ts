import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * Issue 35's journey: the fourth side of the portal, in Chromium at 360 px. The order manager
 * invites a cardholder; the cardholder signs in with the mailed code, adds a passkey (Chromium's
 * virtual authenticator), signs out and in again with it, and sees the balance and the employer's
 * load; a purchase at the virtual terminal appears on the open page without a reload. Then, in
 * English, the cardholder locks the card (the terminal declines `cardLocked`), unlocks it (the next
 * purchase is approved), finds a store by its postcode and reports the card lost; the company finds
 * the replacement draft.
 *
 * Needs only the demo seed: the published gift card of Νίκος Αλεξίου at Ακμή Τροφίμων (C1001, €150,
 * no other journey uses it), the demo merchant's virtual terminal, Φρέσκο Μάρκετ Κολωνάκι (10675).
 * The card ends blocked, so this journey runs once per database.
 */

const GIFT_CARD = 'tok_demo_gift_c1001';
const HOLDER_EMAIL = 'nikos.alexiou@akmi.demo';
const HOLDER_SURNAME = 'Αλεξίου';
const NBSP = '\u00a0';

type Mail = { subject: string; text: string; to: string };

/** The mails sent to `email`, newest first, read through a provider admin's session. */
async function mailsTo(admin: Page, email: string): Promise<Mail[]> {
  const response = await admin.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { mails: Mail[] }).mails;
}

/** The newest sign-in code mailed to the cardholder (the subject ends in the six digits). */
async function latestCode(admin: Page, email: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const subject = (await mailsTo(admin, email)).find((mail) => /\d{6}$/.test(mail.subject))?.subject;
    code = /(\d{6})$/.exec(subject ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
  }).toPass({ timeout: 15_000 });
  return code;
}

/** The demo merchant's virtual terminal with the gift card chosen. */
async function openTerminal(merchant: Page, lang: 'el' | 'en'): Promise<Locator> {
  await merchant.goto(lang === 'el' ? '/merchant' : '/en/merchant');
  const terminal = merchant.getByRole('region', {
    name: lang === 'el' ? 'Εικονικό τερματικό' : 'Virtual terminal',
  });
  const cards = terminal
    .getByLabel(lang === 'el' ? /^Κάρτα επίδειξης/ : /^Demo card/)
    .and(merchant.locator('select'));
  await expect(cards.locator(`option[value="${GIFT_CARD}"]`)).toBeAttached();
  await cards.selectOption({ value: GIFT_CARD });
  return terminal;
}

/** Sends a purchase of `amount` (`2,50`) and returns the terminal's answer. */
async function sell(terminal: Locator, amount: string, lang: 'el' | 'en'): Promise<Locator> {
  await terminal.getByLabel(lang === 'el' ? /^Ποσό/ : /^Amount/).fill(amount);
  await terminal.getByRole('button', { name: lang === 'el' ? /^Έγκριση / : /^Authorise / }).click();
  return terminal.getByRole('status').last();
}

async function signedIn(browser: Browser, email: string, lang: 'el' | 'en' = 'el'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await signInAs(page, email, lang);
  return page;
}

test('a cardholder is invited, signs in with a code then a passkey, follows a purchase, locks the card, finds a store and reports it lost', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);

  // 1. The order manager invites the holder from the card's panel.
  const om = await signedIn(browser, 'om1@tessera.demo');
  await om.goto('/card-list');
  await om.getByLabel(/^Αναζήτηση/).fill(HOLDER_SURNAME);
  const row = om
    .getByRole('table', { name: /^Κάρτες της εταιρείας/ })
    .getByRole('row')
    .filter({ hasText: HOLDER_SURNAME });
  await expect(row).toHaveCount(1);
  await row.getByRole('button').first().click();
  await om.getByRole('dialog').getByRole('button', { name: 'Αποστολή πρόσκλησης' }).click();

  const admin = await signedIn(browser, 'admin@tessera.demo');
  let invitation = '';
  await expect(async () => {
    const mail = (await mailsTo(admin, HOLDER_EMAIL)).find((entry) => entry.text.includes('/my/sign-in'));
    invitation = /(https?:\/\/\S+\/my\/sign-in\?email=\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(invitation).not.toBe('');
  }).toPass({ timeout: 15_000 });

  // 2. The cardholder, on a phone, follows the invitation and signs in with the mailed code. Passkeys
  // need a host name, not an address (WebAuthn), so the phone uses localhost as the mail says.
  const phoneContext = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const phone = await phoneContext.newPage();
  const origin = new URL(baseURL!);
  await phone.goto(invitation.replace(/^https?:\/\/[^/]+/, `http://localhost:${origin.port}`));
  await expect(phone.getByRole('heading', { level: 1, name: 'Σύνδεση' })).toBeVisible();
  const email = phone.getByLabel('E-mail');
  if ((await email.inputValue()) === '') await email.fill(HOLDER_EMAIL);
  await phone.getByRole('button', { name: 'Αποστολή κωδικού' }).click();
  await phone.getByLabel('Κωδικός').fill(await latestCode(admin, HOLDER_EMAIL));
  await phone.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Οι κάρτες μου' })).toBeVisible();

  // 3. A passkey, added in the account, then signing out and in again with it.
  const cdp = await phoneContext.newCDPSession(phone);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await phone.getByRole('link', { name: 'Λογαριασμός' }).click();
  await phone.getByLabel('Όνομα συσκευής').fill('Το κινητό μου');
  await phone.getByRole('button', { name: 'Προσθήκη passkey' }).click();
  await expect(phone.getByText('Το passkey προστέθηκε.')).toBeVisible();
  await phone.getByRole('button', { name: 'Αποσύνδεση', exact: true }).click();
  await phone.getByRole('button', { name: 'Σύνδεση με passkey' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Οι κάρτες μου' })).toBeVisible();

  // 4. The balance and the employer's load.
  // The one card's tile: its product, masked number, balance and latest movements.
  const tile = phone.getByRole('region').filter({ hasText: 'Διαθέσιμο υπόλοιπο' });
  await expect(tile).toContainText(`150,00${NBSP}€`);
  await expect(tile).toContainText('Φόρτιση από τον εργοδότη');
  await expectAccessible(phone, '/my (home, signed in)');
  await screenshot(phone, 'my-home-el-360');

  // 5. A purchase at the virtual terminal shows on the open page, without a reload.
  const merchant = await signedIn(browser, 'merchant@tessera.demo');
  const terminal = await openTerminal(merchant, 'el');
  await expect(await sell(terminal, '2,50', 'el')).toContainText('Εγκρίθηκε');
  await expect(tile).toContainText(`147,50${NBSP}€`, { timeout: 30_000 });
  await expect(tile).toContainText(`−2,50${NBSP}€`);

  // 6. In English: the card's page, locked: the terminal declines it at once; unlocked: approved.
  await phone.getByRole('link', { name: 'English' }).first().click();
  await expect(phone.getByRole('heading', { level: 1, name: 'My cards' })).toBeVisible();
  await phone
    .getByRole('link', { name: /^All movements/ })
    .first()
    .click();
  const lock = phone.getByRole('switch', { name: 'Lock card' });
  await lock.click();
  await expect(phone.getByText('The card is locked.')).toBeVisible();
  await expect(lock).toHaveAttribute('aria-checked', 'true');
  const english = await openTerminal(merchant, 'en');
  const refused = await sell(english, '1,00', 'en');
  await expect(refused).toContainText('Declined');
  await expect(refused).toContainText('The card is locked by its holder');
  await lock.click();
  await expect(phone.getByText('The card is unlocked.')).toBeVisible();
  const approved = await sell(await openTerminal(merchant, 'en'), '1,00', 'en');
  await expect(approved).toContainText('Approved');
  // The decline is on the card's page with its reason and what to do.
  await expect(phone.getByText(/Declined: The card is locked by its holder/).first()).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(phone, '/en/my/cards/… (card page)');
  await screenshot(phone, 'my-card-en-360');

  // 7. A store near an address: by its postcode.
  await phone.getByRole('link', { name: 'Stores' }).click();
  await phone.getByLabel('Postcode').fill('10675');
  await phone.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(phone.getByText('Φρέσκο Μάρκετ Κολωνάκι').first()).toBeVisible();
  await expectAccessible(phone, '/en/my/stores (postcode 10675)');
  await screenshot(phone, 'my-stores-en-360');

  // 8. Reported lost: blocked for good, and the company finds the replacement draft.
  await phone.getByRole('link', { name: 'Cards' }).click();
  await phone
    .getByRole('link', { name: /^All movements/ })
    .first()
    .click();
  await phone.getByRole('button', { name: 'Report lost or stolen' }).click();
  await phone.getByLabel('Lost', { exact: true }).check();
  await phone.getByRole('button', { name: 'Block the card for good' }).click();
  await expect(phone.getByText(/^The card is blocked\./)).toBeVisible();
  await expect(phone.getByRole('switch', { name: 'Lock card' })).toHaveCount(0);

  await om.goto('/draft-orders');
  const draft = om
    .getByRole('list', { name: 'Λίστα πρόχειρων παραγγελιών' })
    .getByRole('listitem')
    .filter({ hasText: 'Αντικατάσταση (απώλεια)' })
    // Another file in the same worker (card-issue.spec) leaves a MyBenefits loss draft behind.
    .filter({ hasText: 'Δωροκάρτα' });
  await expect(draft).toHaveCount(1);
  await expect(draft).toContainText('1 κάρτα');
});
