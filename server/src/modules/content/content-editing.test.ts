import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';
import { seedContent } from './seed-content';
import {
  demoWorldTestFile,
  sessionHeaders,
  DEMO_ROLE_KEYS,
  type DemoUserKey,
} from '../../../test/tenant-helper';

const world = demoWorldTestFile();
const ADMIN = '/api/content/admin';

type Faqs = {
  groups: { id: string; title: string; items: { id: string; question: string; answerHtml: string }[] }[];
};

async function as(user: DemoUserKey, options: { companyId?: string } = {}) {
  return sessionHeaders(world.ctx, world.ids[user], options);
}

async function call(
  user: DemoUserKey | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  culture = 'el-gr',
) {
  const headers = user ? await as(user) : {};
  return world.ctx.app.inject({
    method,
    url,
    headers: { ...headers, culture },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function liveFaqs(locale: 'el' | 'en'): Promise<Faqs> {
  const response = await call('admin', 'GET', `${ADMIN}/entry?key=faqs`);
  expect(response.statusCode).toBe(200);
  const entry = response.json<{ locales: { locale: string; published: Faqs }[] }>();
  return structuredClone(entry.locales.find((row) => row.locale === locale)!.published);
}

async function publicFaqs(culture: string) {
  const response = await call(null, 'GET', '/api/content/faqs', undefined, culture);
  return JSON.stringify(response.json());
}

describe('who may use the content editor', () => {
  it('lets provider staff read it, the admin alone change it, and nobody else in', async () => {
    const reads: Record<string, number> = {};
    const writes: Record<string, number> = {};
    for (const user of DEMO_ROLE_KEYS) {
      reads[user] = (await call(user, 'GET', `${ADMIN}/entries`)).statusCode;
      writes[user] = (await call(user, 'POST', `${ADMIN}/publish`, { key: 'video-tutorials' })).statusCode;
    }
    expect(reads).toEqual({
      admin: 200,
      care: 200,
      om1: 403,
      om3: 403,
      finance: 403,
      payment: 403,
      merchant: 403,
    });
    // The admin passes the guard and meets "nothing to publish" (409); everyone else 403.
    expect(writes).toEqual({
      admin: 409,
      care: 403,
      om1: 403,
      om3: 403,
      finance: 403,
      payment: 403,
      merchant: 403,
    });
    expect((await call(null, 'GET', `${ADMIN}/entries`)).statusCode).toBe(401);
  });

  it('answers every route for each role: reads for roles 1 and 2, changes for role 1 only', async () => {
    const value = (await call('admin', 'GET', `${ADMIN}/entry?key=video-tutorials`)).json().locales[0]
      .published;
    const saved = await call('admin', 'POST', `${ADMIN}/drafts`, {
      key: 'video-tutorials',
      locale: 'el',
      value,
    });
    const id = saved.json().version.id as string;
    const routes: [method: 'GET' | 'POST', url: string, payload?: unknown][] = [
      ['GET', `${ADMIN}/entries`],
      ['GET', `${ADMIN}/entry?key=video-tutorials`],
      ['GET', `${ADMIN}/preview?key=video-tutorials&locale=en`],
      ['GET', `${ADMIN}/versions?key=video-tutorials&locale=el`],
      ['GET', `${ADMIN}/versions/${id}`],
      ['POST', `${ADMIN}/drafts`, { key: 'video-tutorials', locale: 'el', value }],
      ['POST', `${ADMIN}/versions/${id}/restore`],
      ['POST', `${ADMIN}/publish`, { key: 'video-tutorials' }],
    ];
    const matrix: Record<string, Record<string, number>> = {};
    for (const [method, url, payload] of routes) {
      const row: Record<string, number> = {};
      for (const user of DEMO_ROLE_KEYS) row[user] = (await call(user, method, url, payload)).statusCode;
      row.visitor = (await call(null, method, url, payload)).statusCode;
      matrix[`${method} ${url.replace(id, ':id').replace(/\?.*$/, '')}`] = row;
    }
    const reads = { admin: 200, care: 200, om1: 403, om3: 403, finance: 403, payment: 403, merchant: 403 };
    const writes = { admin: 200, care: 403, om1: 403, om3: 403, finance: 403, payment: 403, merchant: 403 };
    // A state change without a session meets the CSRF guard (403) before the session check.
    expect(matrix).toEqual({
      [`GET ${ADMIN}/entries`]: { ...reads, visitor: 401 },
      [`GET ${ADMIN}/entry`]: { ...reads, visitor: 401 },
      [`GET ${ADMIN}/preview`]: { ...reads, visitor: 401 },
      [`GET ${ADMIN}/versions`]: { ...reads, visitor: 401 },
      [`GET ${ADMIN}/versions/:id`]: { ...reads, visitor: 401 },
      [`POST ${ADMIN}/drafts`]: { ...writes, visitor: 403 },
      [`POST ${ADMIN}/versions/:id/restore`]: { ...writes, visitor: 403 },
      [`POST ${ADMIN}/publish`]: { ...writes, visitor: 403 },
    });
    // Put the live tutorials back as they were: restore version 1 and publish it.
    const history = (await call('admin', 'GET', `${ADMIN}/versions?key=video-tutorials&locale=el`)).json()
      .versions;
    await call('admin', 'POST', `${ADMIN}/versions/${history.at(-1).id}/restore`);
    expect((await call('admin', 'POST', `${ADMIN}/publish`, { key: 'video-tutorials' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a draft from customer care and from a company user, saving nothing', async () => {
    const value = await liveFaqs('el');
    for (const user of ['care', 'om1', 'merchant'] as const) {
      const response = await call(user, 'POST', `${ADMIN}/drafts`, { key: 'faqs', locale: 'el', value });
      expect(response.statusCode).toBe(403);
    }
    const versions = await call('care', 'GET', `${ADMIN}/versions?key=faqs&locale=el`);
    expect(versions.json().versions).toEqual([]);
  });
});

describe('bad input names the field, translated', () => {
  it('an unknown key, a bad locale, an empty question, an unsafe link, a wrong page slug', async () => {
    const unknown = await call('admin', 'POST', `${ADMIN}/drafts`, {
      key: 'emails',
      locale: 'el',
      value: {},
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual([{ field: 'key', message: expect.any(String) }]);

    const locale = await call(
      'admin',
      'POST',
      `${ADMIN}/drafts`,
      { key: 'faqs', locale: 'de', value: {} },
      'en-us',
    );
    expect(locale.statusCode).toBe(400);
    expect(locale.json().fields[0].field).toBe('locale');

    const faqs = await liveFaqs('el');
    faqs.groups[0]!.items[0]!.question = '   ';
    const empty = await call(
      'admin',
      'POST',
      `${ADMIN}/drafts`,
      { key: 'faqs', locale: 'el', value: faqs },
      'en-us',
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([
      { field: 'value.groups.0.items.0.question', message: 'This field is required.' },
    ]);

    const menu = (await call('admin', 'GET', `${ADMIN}/entry?key=menu`)).json().locales[0].published;
    menu.main_menu[0].link.url = 'javascript:alert(1)';
    menu.main_menu[1].link.url = '/\\evil.example';
    const link = await call('admin', 'POST', `${ADMIN}/drafts`, { key: 'menu', locale: 'el', value: menu });
    expect(link.statusCode).toBe(400);
    expect(link.json().fields).toEqual([
      { field: 'value.main_menu.0.link.url', message: expect.any(String) },
      { field: 'value.main_menu.1.link.url', message: expect.any(String) },
    ]);

    const page = (await call('admin', 'GET', `${ADMIN}/entry?key=pages/terms`)).json().locales[0].published;
    const slug = await call('admin', 'POST', `${ADMIN}/drafts`, {
      key: 'pages/terms',
      locale: 'el',
      value: { ...page, slug: 'privacy' },
    });
    expect(slug.json().fields).toEqual([{ field: 'value.slug', message: expect.any(String) }]);

    const noDraftsSaved = await call('admin', 'GET', `${ADMIN}/entries`);
    expect(
      noDraftsSaved.json().entries.filter((entry: { drafts: string[] }) => entry.drafts.length > 0),
    ).toEqual([]);
  });

  it('a preview or history of a key the editor does not offer', async () => {
    expect((await call('admin', 'GET', `${ADMIN}/preview?key=validation&locale=el`)).statusCode).toBe(400);
    expect((await call('admin', 'GET', `${ADMIN}/versions?key=faqs&locale=fr`)).statusCode).toBe(400);
    expect((await call('admin', 'GET', `${ADMIN}/versions/not-a-uuid`)).statusCode).toBe(400);
    expect(
      (await call('admin', 'POST', `${ADMIN}/versions/00000000-0000-4000-8000-000000000000/restore`))
        .statusCode,
    ).toBe(404);
  });
});

describe('rich text is sanitised on save', () => {
  it('keeps the allowed markup and drops scripts, event handlers and javascript: links', () => {
    const html =
      '<p onclick="steal()">Γεια <strong>σας</strong><script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">x</a><a href="https://tessera.gr">y</a><img src=x onerror=alert(1)>' +
      '<iframe src="https://evil"></iframe><p style="color:red">z</p>';
    const clean = sanitizeRichText(html);
    expect(clean).toBe(
      '<p>Γεια <strong>σας</strong></p><a>x</a>' +
        '<a href="https://tessera.gr" target="_blank" rel="noopener noreferrer">y</a><p>z</p>',
    );
  });

  it('stores the draft sanitised', async () => {
    const faqs = await liveFaqs('en');
    faqs.groups[0]!.items[0]!.answerHtml =
      '<p onmouseover="x()">Safe <em>answer</em></p><script>bad()</script>';
    const saved = await call('admin', 'POST', `${ADMIN}/drafts`, { key: 'faqs', locale: 'en', value: faqs });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().version.value.groups[0].items[0].answerHtml).toBe('<p>Safe <em>answer</em></p>');
    // Leave no draft behind for the next tests: publish restores nothing yet, so restore the live one.
    const history = (await call('admin', 'GET', `${ADMIN}/versions?key=faqs&locale=en`)).json().versions;
    const baseline = history.find((version: { version: number }) => version.version === 1);
    await call('admin', 'POST', `${ADMIN}/versions/${baseline.id}/restore`);
    expect(
      (await call('admin', 'POST', `${ADMIN}/publish`, { key: 'faqs', locales: ['en'] })).statusCode,
    ).toBe(200);
  });
});

describe('draft, preview, publish, history and restore', () => {
  it('a Greek FAQ edit: draft invisible to the public, previewed in both languages, live at once when published', async () => {
    const faqs = await liveFaqs('el');
    const original = faqs.groups[0]!.items[0]!.question;
    faqs.groups[0]!.items[0]!.question = 'Πώς παραγγέλνω κάρτες για νέους εργαζόμενους;';
    const before = await publicFaqs('el-gr'); // warms the content cache
    const saved = await call('admin', 'POST', `${ADMIN}/drafts`, { key: 'faqs', locale: 'el', value: faqs });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().version).toMatchObject({ status: 'draft', locale: 'el', version: 2 });
    expect(saved.json().version.author.name).toBe('Μαρία Παπαδοπούλου');

    expect(await publicFaqs('el-gr')).toBe(before);
    const greek = (await call('care', 'GET', `${ADMIN}/preview?key=faqs&locale=el`)).json();
    expect(JSON.stringify(greek.preview)).toContain('νέους εργαζόμενους');
    const english = (await call('care', 'GET', `${ADMIN}/preview?key=faqs&locale=en`)).json();
    expect(english.preview.groups.length).toBeGreaterThan(0);
    expect(JSON.stringify(english.preview)).not.toContain('νέους εργαζόμενους');

    const entries = (await call('admin', 'GET', `${ADMIN}/entries`)).json().entries;
    expect(entries.find((entry: { key: string }) => entry.key === 'faqs').drafts).toEqual(['el']);

    const published = await call('admin', 'POST', `${ADMIN}/publish`, { key: 'faqs' });
    expect(published.json()).toEqual({ success: true, published: [{ locale: 'el', version: 2 }] });
    expect(await publicFaqs('el-gr')).toContain('νέους εργαζόμενους');
    expect(await publicFaqs('el-gr')).not.toContain(original);

    const history = (await call('care', 'GET', `${ADMIN}/versions?key=faqs&locale=el`)).json().versions;
    expect(history.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [2, 'published'],
      [1, 'superseded'],
    ]);
    expect(history[1].author).toBeNull();

    // View the old version, restore it as a draft, publish: the original text is back.
    const old = (await call('care', 'GET', `${ADMIN}/versions/${history[1].id}`)).json().version;
    expect(JSON.stringify(old.value)).toContain(original);
    expect((await call('care', 'POST', `${ADMIN}/versions/${history[1].id}/restore`)).statusCode).toBe(403);
    const restored = await call('admin', 'POST', `${ADMIN}/versions/${history[1].id}/restore`);
    expect(restored.json().version).toMatchObject({ version: 3, status: 'draft', restoredFrom: 1 });
    await call('admin', 'POST', `${ADMIN}/publish`, { key: 'faqs' });
    expect(await publicFaqs('el-gr')).toContain(original);

    const { rows } = await world.ctx.database.pool.query<{
      action: string;
      entity_id: string;
      actor_user_id: string;
    }>(
      `select action, entity_id, actor_user_id from audit_log where entity = 'content' and entity_id = 'faqs/el' order by created_at`,
    );
    expect(rows.map((row) => row.action)).toEqual([
      'content.draft',
      'content.publish',
      'content.restore',
      'content.publish',
    ]);
    expect(new Set(rows.map((row) => row.actor_user_id))).toEqual(new Set([world.ids.admin]));
  });

  it('a page edit shows on the public page route right after publishing', async () => {
    const page = (await call('admin', 'GET', `${ADMIN}/entry?key=pages/terms`)).json().locales[1].published;
    page.bodyHtml = '<h2>Updated terms</h2><p>New <a href="/faqs">text</a></p><script>x()</script>';
    await call('admin', 'POST', `${ADMIN}/drafts`, { key: 'pages/terms', locale: 'en', value: page });
    const preview = (await call('admin', 'GET', `${ADMIN}/preview?key=pages/terms&locale=en`)).json();
    expect(preview.preview.page.bodyHtml).toBe('<h2>Updated terms</h2><p>New <a href="/faqs">text</a></p>');
    await call('admin', 'POST', `${ADMIN}/publish`, { key: 'pages/terms' });
    const live = (await call(null, 'GET', '/api/content/pages/terms', undefined, 'en-us')).json();
    expect(live.page.bodyHtml).toBe('<h2>Updated terms</h2><p>New <a href="/faqs">text</a></p>');
  });
});

describe('a new page', () => {
  it('starts as a Greek draft, is listed, and is served at /page/<slug> once published (English falls back)', async () => {
    const value = {
      slug: 'prosfores-2027',
      title: 'Προσφορές 2027',
      summary: 'Οι προσφορές της χρονιάς',
      bodyHtml: '<p>Έκπτωση <strong>10%</strong></p><img src=x onerror=alert(1)>',
    };
    expect((await call(null, 'GET', '/api/content/pages/prosfores-2027')).statusCode).toBe(404);
    const entry = (await call('admin', 'GET', `${ADMIN}/entry?key=pages/prosfores-2027`)).json();
    expect(entry.locales.map((row: { published: unknown }) => row.published)).toEqual([null, null]);
    const saved = await call('admin', 'POST', `${ADMIN}/drafts`, {
      key: 'pages/prosfores-2027',
      locale: 'el',
      value,
    });
    expect(saved.json().version).toMatchObject({ version: 1, status: 'draft' });
    const entries = (await call('admin', 'GET', `${ADMIN}/entries`)).json().entries;
    expect(entries).toContainEqual({ key: 'pages/prosfores-2027', kind: 'pages', drafts: ['el'] });
    expect((await call(null, 'GET', '/api/content/pages/prosfores-2027')).statusCode).toBe(404);
    await call('admin', 'POST', `${ADMIN}/publish`, { key: 'pages/prosfores-2027' });
    const english = (await call(null, 'GET', '/api/content/pages/prosfores-2027', undefined, 'en-us')).json();
    expect(english.page).toMatchObject({
      title: 'Προσφορές 2027',
      bodyHtml: '<p>Έκπτωση <strong>10%</strong></p>',
    });
  });
});

describe('notifications: window and target', () => {
  const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const item = (id: string, extra: Record<string, unknown>) => ({
    notificationId: id,
    title: `Ανακοίνωση ${id}`,
    excerpt: 'Κείμενο',
    logo: null,
    link: null,
    notificationDateTime: at(-1),
    notificationEndDateTime: at(5),
    ...extra,
  });

  it('checks the target company and the dates on save', async () => {
    const value = (await call('admin', 'GET', `${ADMIN}/entry?key=notifications`)).json().locales[0]
      .published;
    const bad = {
      ...value,
      umbracoNotifications: [
        item('t-nocompany', { target: 'company', companyId: null }),
        item('t-unknown', { target: 'company', companyId: 'C9999' }),
        item('t-ends-first', { notificationEndDateTime: at(-2) }),
      ],
    };
    const response = await call('admin', 'POST', `${ADMIN}/drafts`, {
      key: 'notifications',
      locale: 'el',
      value: bad,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((field: { field: string }) => field.field)).toEqual([
      'value.umbracoNotifications.0.companyId',
      'value.umbracoNotifications.2.notificationEndDateTime',
    ]);
    const second = await call('admin', 'POST', `${ADMIN}/drafts`, {
      key: 'notifications',
      locale: 'el',
      value: {
        ...value,
        umbracoNotifications: [item('t-unknown', { target: 'company', companyId: 'C9999' })],
      },
    });
    expect(second.json().fields.map((field: { field: string }) => field.field)).toEqual([
      'value.umbracoNotifications.0.companyId',
    ]);
  });

  it('serves each user the announcements aimed at them, within their dates', async () => {
    const value = (await call('admin', 'GET', `${ADMIN}/entry?key=notifications`)).json().locales[0]
      .published;
    const items = [
      item('t-all', { target: 'companies' }),
      item('t-c1001', { target: 'company', companyId: 'C1001' }),
      item('t-c1002', { target: 'company', companyId: 'C1002' }),
      item('t-merchants', { target: 'merchants' }),
      item('t-future', { target: 'companies', notificationDateTime: at(2) }),
      item('t-ended', { target: 'companies', notificationDateTime: at(-9), notificationEndDateTime: at(-1) }),
    ];
    const saved = await call('admin', 'POST', `${ADMIN}/drafts`, {
      key: 'notifications',
      locale: 'el',
      value: { ...value, umbracoNotifications: items },
    });
    expect(saved.statusCode).toBe(200);
    // The preview shows the editor every item, whatever its window and target.
    const preview = (await call('admin', 'GET', `${ADMIN}/preview?key=notifications&locale=el`)).json()
      .preview;
    expect(preview.umbracoNotifications).toHaveLength(6);
    expect(preview.umbracoNotifications[0]).not.toHaveProperty('target');
    await call('admin', 'POST', `${ADMIN}/publish`, { key: 'notifications', locales: ['el'] });

    const seen = async (user: DemoUserKey | null, audience: 'company' | 'merchant', companyId?: string) => {
      const headers = user ? await as(user, companyId ? { companyId } : {}) : {};
      const response = await world.ctx.app.inject({
        method: 'GET',
        url: `/api/content/notifications?audience=${audience}`,
        headers,
      });
      return response
        .json<{ umbracoNotifications: { notificationId: string }[] }>()
        .umbracoNotifications.map((n) => n.notificationId)
        .filter((id) => id.startsWith('t-'));
    };
    expect(await seen(null, 'company')).toEqual(['t-all']);
    expect(await seen('om1', 'company')).toEqual(['t-all', 't-c1001']);
    expect(await seen('finance', 'company')).toEqual(['t-all', 't-c1002']);
    expect(await seen('om3', 'company', 'C1002')).toEqual(['t-all', 't-c1002']);
    expect(await seen('care', 'company', 'C1001')).toEqual(['t-all', 't-c1001']);
    expect(await seen('merchant', 'merchant')).toEqual(['t-merchants']);
  });
});

describe('the start-up seed keeps what the editor published', () => {
  it('does not bring back a deleted FAQ, but still adds an error code the code needs', async () => {
    const faqs = await liveFaqs('el');
    const removed = faqs.groups[0]!.items.pop()!;
    await call('admin', 'POST', `${ADMIN}/drafts`, { key: 'faqs', locale: 'el', value: faqs });
    const codes = (await call('admin', 'GET', `${ADMIN}/entry?key=error-codes`)).json().locales[0].published;
    codes.errorCodes = codes.errorCodes.filter((entry: { errorCode: number }) => entry.errorCode !== 135);
    await call('admin', 'POST', `${ADMIN}/drafts`, { key: 'error-codes', locale: 'el', value: codes });
    await call('admin', 'POST', `${ADMIN}/publish`, { key: 'faqs' });
    await call('admin', 'POST', `${ADMIN}/publish`, { key: 'error-codes' });
    expect(await publicFaqs('el-gr')).not.toContain(removed.id);

    await seedContent(world.ctx.database.db);
    world.ctx.app.services.content.invalidate();
    expect(await publicFaqs('el-gr')).not.toContain(removed.id);
    const live = (await call(null, 'GET', '/api/content/error-codes')).json().errorCodes;
    expect(live.map((entry: { errorCode: number }) => entry.errorCode)).toContain(135);
  });
});
