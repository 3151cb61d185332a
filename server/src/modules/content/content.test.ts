import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripTags } from './sanitize';
import { contactMessages } from './schema';
import { mailOutbox } from '../../platform/schema';
import { createTestApp, csrfHeaders, type TestContext } from '../../../test/harness';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function get(url: string, culture?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: culture ? { culture } : {} });
}

describe('content per culture', () => {
  it('serves the Greek main menu by default and the English one for Culture en-us', async () => {
    const greek = (await get('/api/content/menu')).json();
    const english = (await get('/api/content/menu', 'en-us')).json();
    expect(greek.success).toBe(true);
    expect(greek.main_menu.length).toBeGreaterThan(0);
    expect(greek.main_menu.map((item: { link: { url: string } }) => item.link.url)).toEqual(
      english.main_menu.map((item: { link: { url: string } }) => item.link.url),
    );
    expect(greek.main_menu[0].text).not.toEqual(english.main_menu[0].text);
    expect(greek.profileMenu.logOut).toMatch(/[α-ωΑ-Ω]/);
    expect(english.profileMenu.logOut).toMatch(/^[\x20-\x7e]+$/);
  });

  it('reads "en" as en-us', async () => {
    expect((await get('/api/content/footer', 'en')).json()).toEqual(
      (await get('/api/content/footer', 'en-us')).json(),
    );
  });

  it('has a three-level main menu so the mobile menu can reach a third-level item', async () => {
    const { main_menu } = (await get('/api/content/menu')).json();
    const depth = (items: { children: unknown[] }[]): number =>
      items.length === 0
        ? 0
        : 1 + Math.max(...items.map((item) => depth(item.children as { children: unknown[] }[])));
    expect(depth(main_menu)).toBeGreaterThanOrEqual(3);
  });

  it('serves the footer with all four social networks and a copyright line in both languages', async () => {
    for (const culture of ['el-gr', 'en-us']) {
      const footer = (await get('/api/content/footer', culture)).json();
      expect(footer.socialLinks.map((link: { network: string }) => link.network).sort()).toEqual([
        'facebook',
        'instagram',
        'linkedin',
        'youtube',
      ]);
      expect(footer.copyright).toContain('©');
      expect(footer.footerColumns.length).toBeGreaterThan(0);
    }
  });

  it('serves the merchant menu and footer separately from the company ones', async () => {
    const merchant = (await get('/api/content/merchant-menu')).json();
    const company = (await get('/api/content/menu')).json();
    expect(merchant.main_menu).not.toEqual(company.main_menu);
    expect((await get('/api/content/merchant-footer')).statusCode).toBe(200);
  });

  it('falls back to Greek for a text missing in English', async () => {
    const greekPage = {
      slug: 'only-greek',
      title: 'Μόνο ελληνικά',
      summary: 'Περίληψη',
      bodyHtml: '<p>Κείμενο</p>',
    };
    await ctx.app.services.content.putEntry('pages/only-greek', 'el', greekPage);
    await ctx.app.services.content.putEntry('pages/only-greek', 'en', {
      ...greekPage,
      title: 'Greek only',
      summary: '',
    });
    const page = (await get('/api/content/pages/only-greek', 'en-us')).json().page;
    expect(page.title).toBe('Greek only');
    expect(page.summary).toBe('Περίληψη');
    await ctx.app.services.content.putEntry('pages/greek-page', 'el', greekPage);
    expect((await get('/api/content/pages/greek-page', 'en-us')).json().page.title).toBe('Μόνο ελληνικά');
  });

  it('sanitises rich text with an allow-list before it leaves the server', async () => {
    await ctx.app.services.content.putEntry('pages/unsafe', 'el', {
      slug: 'unsafe',
      title: 'Τίτλος <script>alert(1)</script>',
      bodyHtml:
        '<p onclick="steal()">Γεια</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><a href="https://example.com">ok</a>',
    });
    const page = (await get('/api/content/pages/unsafe')).json().page;
    expect(page.bodyHtml).not.toMatch(/script|onclick|onerror|javascript:|<img/);
    expect(page.bodyHtml).toContain('<p>Γεια</p>');
    expect(page.bodyHtml).toContain('rel="noopener noreferrer"');
    expect(page.title).not.toContain('<script>');
  });

  it('answers 404 with the error body for a page that does not exist', async () => {
    const response = await get('/api/content/pages/no-such-page', 'en-us');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, errorCode: 5, errorLevel: 'error' });
  });

  it('serves the home, login and not-found pages in both languages', async () => {
    for (const slug of ['home', 'login', 'not-found', 'contact']) {
      for (const culture of ['el-gr', 'en-us']) {
        const response = await get(`/api/content/pages/${slug}`, culture);
        expect(response.statusCode, `${slug} ${culture}`).toBe(200);
        expect(response.json().page.title.length).toBeGreaterThan(0);
      }
    }
  });

  it('filters FAQs ignoring accents and case, keeping their groups', async () => {
    const all = (await get('/api/content/faqs')).json().groups;
    expect(all.length).toBeGreaterThan(1);
    const firstQuestion: string = all[0].items[0].question;
    const word = firstQuestion.split(/\s+/).find((w) => w.length > 5) ?? firstQuestion;
    const unaccented = word.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
    const found = (await get(`/api/content/faqs?q=${encodeURIComponent(unaccented)}`)).json().groups;
    const questions = found.flatMap((group: { items: { question: string }[] }) =>
      group.items.map((item) => item.question),
    );
    expect(questions).toContain(firstQuestion);
    expect((await get('/api/content/faqs?q=zzzzqqq')).json().groups).toEqual([]);
  });

  it('serves video tutorials, CMS notifications with their tab texts, and the error-code catalogue', async () => {
    expect((await get('/api/content/video-tutorials', 'en-us')).json().items.length).toBeGreaterThan(0);
    const notifications = (await get('/api/content/notifications', 'en-us')).json();
    expect(notifications.umbracoNotifications.length).toBeGreaterThan(0);
    expect(notifications.translations.tabExpiring.length).toBeGreaterThan(0);
    const codes = (await get('/api/content/error-codes'))
      .json()
      .errorCodes.map((e: { errorCode: number }) => e.errorCode);
    expect(codes).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 8, 40, 135]));
  });

  it('serves plain-text fields as their characters: an ampersand is not sent as &amp;', async () => {
    const { page } = (await get('/api/content/pages/merchant-home', 'en-us')).json();
    const titles = page.sections.map((section: { title: string }) => section.title);
    expect(titles).toContain('Balance sheet & transactions');
    expect(JSON.stringify(page)).not.toContain('&amp;');
    expect(stripTags('<b>Fish</b> &amp; chips & 1 < 2<script>alert(1)</script>')).toBe(
      'Fish & chips & 1 < 2',
    );
  });

  it('keeps the company notifications away from merchants: each audience has its own list', async () => {
    const ids = (body: { umbracoNotifications: { notificationId: string }[] }) =>
      body.umbracoNotifications.map((notification) => notification.notificationId);
    for (const culture of ['el-gr', 'en-us']) {
      const company = (await get('/api/content/notifications?audience=company', culture)).json();
      const byDefault = (await get('/api/content/notifications', culture)).json();
      const merchant = (await get('/api/content/notifications?audience=merchant', culture)).json();
      expect(byDefault).toEqual(company);
      expect(ids(company).length).toBeGreaterThan(0);
      expect(ids(merchant).filter((id) => ids(company).includes(id))).toEqual([]);
      expect(merchant.translations.title.length).toBeGreaterThan(0);
    }
    expect((await get('/api/content/notifications?audience=everyone')).statusCode).toBe(400);
  });
});

describe('contact form (SubmitContact)', () => {
  const valid = {
    name: 'Μαρία Παπαδοπούλου',
    email: 'maria@example.gr',
    phone: '+30 210 1234567',
    company: 'Ακμή Α.Ε.',
    subject: 'cards',
    message: 'Θα ήθελα πληροφορίες για τις κάρτες Ticket Restaurant.',
  };

  it('refuses a post without the CSRF token and stores nothing', async () => {
    const before = await ctx.database.db.$count(contactMessages);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/content/contact', payload: valid });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, errorCode: 8 });
    expect(await ctx.database.db.$count(contactMessages)).toBe(before);
  });

  it('names every bad field in the request language and stores nothing', async () => {
    const before = await ctx.database.db.$count(contactMessages);
    const mailsBefore = await ctx.database.db.$count(mailOutbox);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/contact',
      headers: { ...(await csrfHeaders(ctx.app)), culture: 'en-us' },
      payload: { ...valid, name: '', email: 'not-an-email', subject: 'spam', message: 'short' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, errorCode: 2, errorLevel: 'error' });
    const fields = Object.fromEntries(
      body.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(Object.keys(fields).sort()).toEqual(['email', 'message', 'name', 'subject']);
    for (const message of Object.values(fields)) expect(message).toMatch(/^[\x20-\x7e]+$/);
    expect(await ctx.database.db.$count(contactMessages)).toBe(before);
    expect(await ctx.database.db.$count(mailOutbox)).toBe(mailsBefore);

    const greek = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/contact',
      headers: { ...(await csrfHeaders(ctx.app)), culture: 'el-gr' },
      payload: { ...valid, email: 'όχι' },
    });
    expect(greek.json().fields[0]).toMatchObject({ field: 'email' });
    expect(greek.json().fields[0].message).toMatch(/[α-ωΑ-Ω]/);
    expect(greek.json().errorMessage).toMatch(/[α-ωΑ-Ω]/);
  });

  it('stores a valid message and mails a receipt to the sender and a copy to support', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/contact',
      headers: { ...(await csrfHeaders(ctx.app)), culture: 'el-gr' },
      payload: valid,
    });
    expect(response.statusCode).toBe(200);
    const { ticketId } = response.json();
    expect(ticketId).toMatch(/^TS-\d{8}-[0-9A-F]{6}$/);
    const stored = await ctx.database.db.select().from(contactMessages);
    expect(stored.find((row) => row.ticketId === ticketId)).toMatchObject({
      email: valid.email,
      subject: 'cards',
    });
    const mails = await ctx.database.db.select().from(mailOutbox);
    const receipt = mails.find((mail) => mail.to === valid.email);
    expect(receipt?.text).toContain(ticketId);
    // Greeted by the first name, in the vocative.
    expect(receipt?.text).toMatch(/^Αγαπητή Μαρία,\n\n/);
    expect(
      mails.some((mail) => mail.to === ctx.config.CONTACT_INBOX && mail.text.includes(valid.message)),
    ).toBe(true);
  });
});
