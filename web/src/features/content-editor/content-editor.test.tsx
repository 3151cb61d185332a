import type { ContentVersion, Locale } from '@tessera/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../test/fixtures';

type DemoKey = Parameters<typeof session>[0];
import { mockApi, requestsTo, type MockRequest } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const ADMIN = '/api/content/admin';

type Faqs = {
  groups: { id: string; title: string; items: { id: string; question: string; answerHtml: string }[] }[];
};
const faqs = (question: string, answer: string): Faqs => ({
  groups: [
    { id: 'orders', title: 'Παραγγελίες', items: [{ id: 'q1', question, answerHtml: `<p>${answer}</p>` }] },
  ],
});

/**
 * A small content server in memory: live values and drafts per culture, versions, preview (drafts
 * over live, as the server renders them), publish and restore.
 */
function contentServer(user: DemoKey) {
  const live: Record<Locale, Faqs> = {
    el: faqs('Πώς παραγγέλνω κάρτες;', 'Από τη σελίδα έκδοσης.'),
    en: faqs('How do I order cards?', 'From the issue page.'),
  };
  const drafts: Partial<Record<Locale, Faqs>> = {};
  const versions: (ContentVersion & { value: Faqs })[] = [];
  const version = (
    locale: Locale,
    value: Faqs,
    status: ContentVersion['status'],
    restoredFrom: number | null = null,
  ) => {
    const number = versions.filter((v) => v.locale === locale).length + 1;
    const row = {
      id: `00000000-0000-4000-8000-${String(versions.length + 1).padStart(12, '0')}`,
      key: 'faqs',
      locale,
      version: number,
      status,
      author:
        status === 'published' && number === 1 ? null : { userId: 'user-admin', name: 'Μαρία Παπαδοπούλου' },
      restoredFrom,
      createdAt: '2026-11-26T09:00:00.000Z',
      publishedAt: null,
      value,
    };
    versions.push(row);
    return row;
  };
  const entry = () => ({
    success: true,
    key: 'faqs',
    kind: 'faqs',
    locales: (['el', 'en'] as const).map((locale) => ({
      locale,
      published: live[locale],
      draft: drafts[locale]
        ? versions.filter((v) => v.locale === locale && v.status === 'draft').at(-1)!
        : null,
    })),
  });
  const newDraft = (locale: Locale, value: Faqs, restoredFrom: number | null = null) => {
    if (!versions.some((v) => v.locale === locale)) version(locale, live[locale], 'published');
    versions.forEach((v) => {
      if (v.locale === locale && v.status === 'draft') v.status = 'superseded';
    });
    drafts[locale] = value;
    return version(locale, value, 'draft', restoredFrom);
  };
  const fetchMock = mockApi({
    'GET /api/auth/session': { body: session(user) },
    [`GET ${ADMIN}/entries`]: () => ({
      body: {
        success: true,
        entries: [
          { key: 'faqs', kind: 'faqs', drafts: (['el', 'en'] as const).filter((l) => drafts[l]) },
          { key: 'pages/terms', kind: 'pages', drafts: [] },
        ],
      },
    }),
    [`GET ${ADMIN}/entry`]: () => ({ body: entry() }),
    [`POST ${ADMIN}/drafts`]: (request: MockRequest) => {
      const body = request.body as { locale: Locale; value: Faqs };
      if (body.value.groups[0]!.items[0]!.question.trim() === '') {
        return {
          status: 400,
          body: {
            success: false,
            errorCode: 2,
            errorLevel: 'error',
            errorMessage: 'Ελέγξτε τα πεδία.',
            fields: [{ field: 'value.groups.0.items.0.question', message: 'Το πεδίο είναι υποχρεωτικό.' }],
          },
        };
      }
      return { body: { success: true, version: newDraft(body.locale, body.value) } };
    },
    [`GET ${ADMIN}/preview`]: (request: MockRequest) => {
      const locale = request.url.searchParams.get('locale') as Locale;
      const value = drafts[locale] ?? (locale === 'en' ? (drafts.el ? live.en : live.en) : live.el);
      return { body: { success: true, key: 'faqs', locale, preview: { success: true, ...value } } };
    },
    [`POST ${ADMIN}/publish`]: () => {
      const published = (['el', 'en'] as const).flatMap((locale) => {
        const draft = drafts[locale];
        if (!draft) return [];
        live[locale] = draft;
        delete drafts[locale];
        versions.forEach((v) => {
          if (v.locale === locale && v.status === 'published') v.status = 'superseded';
          if (v.locale === locale && v.status === 'draft') v.status = 'published';
        });
        return [{ locale, version: versions.filter((v) => v.locale === locale).length }];
      });
      return { body: { success: true, published } };
    },
    [`GET ${ADMIN}/versions`]: (request: MockRequest) => {
      const locale = request.url.searchParams.get('locale');
      return {
        body: {
          success: true,
          versions: versions
            .filter((v) => v.locale === locale)
            .reverse()
            .map(({ value: _value, ...rest }) => rest),
        },
      };
    },
    ...Object.fromEntries(
      Array.from({ length: 6 }, (_, index) => {
        const id = `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`;
        return [
          [`GET ${ADMIN}/versions/${id}`, () => ({ body: { success: true, version: versions[index] } })],
          [
            `POST ${ADMIN}/versions/${id}/restore`,
            () => {
              const old = versions[index]!;
              return { body: { success: true, version: newDraft(old.locale, old.value, old.version) } };
            },
          ],
        ];
      }).flat(),
    ),
  });
  return { fetchMock, live };
}

describe('content editor (/back-office/content)', () => {
  it('the admin edits a Greek FAQ, previews it in both languages, and publishes it', async () => {
    const { fetchMock, live } = contentServer('admin');
    const { user } = renderApp('/back-office/content');
    const question = await screen.findByLabelText('Ερώτηση 1.1');
    expect((screen.getByRole('combobox', { name: 'Είδος περιεχομένου' }) as HTMLSelectElement).value).toBe(
      'faqs',
    );
    await user.clear(question);
    await user.type(question, 'Πώς παραγγέλνω κάρτες για νέους εργαζόμενους;');
    expect(screen.getByRole('tab', { name: /Ελληνικά/ }).textContent).toContain('μη αποθηκευμένες αλλαγές');

    await user.click(screen.getByRole('button', { name: 'Προεπισκόπηση' }));
    const greek = await screen.findByRole('region', { name: 'Προεπισκόπηση: Ελληνικά' });
    const english = screen.getByRole('region', { name: 'Προεπισκόπηση: English' });
    expect(await within(greek).findByText('Πώς παραγγέλνω κάρτες για νέους εργαζόμενους;')).toBeTruthy();
    expect(await within(english).findByText('How do I order cards?')).toBeTruthy();
    const saved = requestsTo(fetchMock, `${ADMIN}/drafts`);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.body).toMatchObject({ key: 'faqs', locale: 'el' });
    expect(JSON.stringify(saved[0]?.body)).toContain('νέους εργαζόμενους');
    // Visitors still see the live text until it is published.
    expect(live.el.groups[0]!.items[0]!.question).toBe('Πώς παραγγέλνω κάρτες;');

    await user.click(screen.getByRole('button', { name: 'Δημοσίευση' }));
    expect(
      await screen.findByText('Δημοσιεύτηκε. Οι δημόσιες σελίδες δείχνουν ήδη το νέο περιεχόμενο.'),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, `${ADMIN}/publish`)[0]?.body).toEqual({ key: 'faqs' });
    expect(live.el.groups[0]!.items[0]!.question).toBe('Πώς παραγγέλνω κάρτες για νέους εργαζόμενους;');
    // The history names the author and the version published.
    const history = await screen.findByRole('region', { name: 'Ιστορικό εκδόσεων: Ελληνικά' });
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(3));
    expect(within(history).getAllByText('Μαρία Παπαδοπούλου')).toHaveLength(1);
    expect(within(history).getByText('Αρχικό περιεχόμενο')).toBeTruthy();
  });

  it("shows the server's field error beside the field and keeps the change", async () => {
    const { fetchMock } = contentServer('admin');
    const { user } = renderApp('/back-office/content');
    const question = await screen.findByLabelText('Ερώτηση 1.1');
    await user.clear(question);
    await user.type(question, ' ');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση προσχεδίου' }));
    expect(await screen.findByText('Το πεδίο είναι υποχρεωτικό.')).toBeTruthy();
    const field = screen.getByLabelText('Ερώτηση 1.1');
    const describedBy = (field.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(
      'Το πεδίο είναι υποχρεωτικό.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('Το προσχέδιο δεν αποθηκεύτηκε. Διορθώστε τα πεδία που επισημαίνονται.'),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, `${ADMIN}/publish`)).toHaveLength(0);
  });

  it('views an old version and restores it as a new draft, then publishes it (English page)', async () => {
    const { fetchMock, live } = contentServer('admin');
    const { user } = renderApp('/en/back-office/content');
    await user.click(await screen.findByRole('tab', { name: /English/ }));
    const question = await screen.findByLabelText('Question 1.1');
    await user.clear(question);
    await user.type(question, 'Where are my cards?');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(live.en.groups[0]!.items[0]!.question).toBe('Where are my cards?'));

    const history = await screen.findByRole('region', { name: 'Version history: English' });
    await user.click(await within(history).findByRole('button', { name: 'View version 1' }));
    // Six columns do not fit a phone: the table scrolls in its own keyboard-reachable region, the
    // page stays 360 px wide (issue 34 §3 item 4).
    const scroller = within(history).getByRole('region', { name: 'Table of versions: English' });
    expect(scroller.getAttribute('tabindex')).toBe('0');
    expect(within(scroller).getByRole('table')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Version 1' });
    expect(dialog.textContent).toContain('How do I order cards?');
    await user.keyboard('{Escape}');

    await user.click(within(history).getByRole('button', { name: 'Restore version 1' }));
    expect(
      await screen.findByText('The older version is back as a new draft. Preview it and publish it.'),
    ).toBeTruthy();
    expect(
      requestsTo(fetchMock, `${ADMIN}/versions/00000000-0000-4000-8000-000000000001/restore`),
    ).toHaveLength(1);
    await waitFor(() =>
      expect((screen.getByLabelText('Question 1.1') as HTMLInputElement).value).toBe('How do I order cards?'),
    );
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(live.en.groups[0]!.items[0]!.question).toBe('How do I order cards?'));
  });

  it('edits the whole value as JSON: refuses broken JSON, applies a valid one to the form', async () => {
    const { fetchMock } = contentServer('admin');
    const { user } = renderApp('/back-office/content');
    await screen.findByLabelText('Ερώτηση 1.1');
    await user.click(screen.getByRole('button', { name: 'Προχωρημένη επεξεργασία (JSON)' }));
    const json = screen.getByLabelText('Όλο το περιεχόμενο αυτής της γλώσσας σε JSON') as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual(faqs('Πώς παραγγέλνω κάρτες;', 'Από τη σελίδα έκδοσης.'));
    await user.clear(json);
    await user.click(json);
    await user.paste('{"groups": [');
    await user.click(screen.getByRole('button', { name: 'Εφαρμογή του JSON' }));
    expect(await screen.findByText(/Το κείμενο δεν είναι έγκυρο JSON/)).toBeTruthy();
    await user.clear(json);
    await user.paste(JSON.stringify(faqs('Ερώτηση από JSON', 'Απάντηση')));
    await user.click(screen.getByRole('button', { name: 'Εφαρμογή του JSON' }));
    expect((screen.getByLabelText('Ερώτηση 1.1') as HTMLInputElement).value).toBe('Ερώτηση από JSON');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση προσχεδίου' }));
    await waitFor(() => expect(requestsTo(fetchMock, `${ADMIN}/drafts`)).toHaveLength(1));
    expect(requestsTo(fetchMock, `${ADMIN}/drafts`)[0]?.body).toEqual({
      key: 'faqs',
      locale: 'el',
      value: faqs('Ερώτηση από JSON', 'Απάντηση'),
    });
  });

  it('customer care reads it but cannot change anything', async () => {
    const { fetchMock } = contentServer('care');
    const { user } = renderApp('/back-office/content');
    const question = await screen.findByLabelText('Ερώτηση 1.1');
    expect(question.hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Δημοσίευση' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Αποθήκευση προσχεδίου' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Προεπισκόπηση' }));
    expect(await screen.findByRole('region', { name: 'Προεπισκόπηση: English' })).toBeTruthy();
    expect(requestsTo(fetchMock, `${ADMIN}/drafts`)).toHaveLength(0);
  });

  it('is closed to company users and merchants', async () => {
    for (const user of ['om1', 'merchant'] as const) {
      contentServer(user);
      const view = renderApp('/back-office/content');
      expect((await screen.findByRole('heading', { level: 1 })).textContent).not.toBe(
        'Διαχείριση περιεχομένου',
      );
      expect(screen.queryByLabelText('Ερώτηση 1.1')).toBeNull();
      view.unmount();
    }
  });
});

describe('announcements in the content editor', () => {
  const announcement = {
    notificationId: 'cms-1',
    title: 'Συντήρηση της πύλης',
    excerpt: 'Την Κυριακή η πύλη δεν θα είναι διαθέσιμη.',
    logo: null,
    link: null,
    notificationDateTime: '2026-11-20T08:00:00.000Z',
    notificationEndDateTime: null,
  };
  const translations = {
    title: 'Ειδοποιήσεις',
    tabAll: 'Όλες',
    tabExpiring: 'Λήγουν σύντομα',
    viewAll: 'Προβολή όλων',
    empty: 'Δεν έχετε ειδοποιήσεις.',
    emptyExpiring: 'Δεν υπάρχουν κάρτες που λήγουν σύντομα.',
  };

  it('aims an announcement at one company found by name, with an end date, and saves it as a draft', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('admin') },
      [`GET ${ADMIN}/entries`]: {
        body: { success: true, entries: [{ key: 'notifications', kind: 'notifications', drafts: [] }] },
      },
      [`GET ${ADMIN}/entry`]: {
        body: {
          success: true,
          key: 'notifications',
          kind: 'notifications',
          locales: (['el', 'en'] as const).map((locale) => ({
            locale,
            published: { umbracoNotifications: [announcement], translations },
            draft: null,
          })),
        },
      },
      [`GET ${ADMIN}/versions`]: { body: { success: true, versions: [] } },
      'POST /api/v1/accounts/searchCompany': {
        body: {
          success: true,
          companies: [{ companyId: 'C1001', name: 'Ακμή Τροφίμων Α.Ε.', vat: '094019245' }],
          total: 1,
          page: 1,
          pageSize: 10,
        },
      },
      [`POST ${ADMIN}/drafts`]: (request: MockRequest) => ({
        body: {
          success: true,
          version: {
            id: '00000000-0000-4000-8000-000000000009',
            key: 'notifications',
            locale: 'el',
            version: 2,
            status: 'draft',
            author: { userId: 'user-admin', name: 'Μαρία Παπαδοπούλου' },
            restoredFrom: null,
            createdAt: '2026-11-26T09:00:00.000Z',
            publishedAt: null,
            value: (request.body as { value: unknown }).value,
          },
        },
      }),
    });
    const { user } = renderApp('/back-office/content?kind=notifications');
    const target = await screen.findByLabelText('Αποδέκτες ανακοίνωσης 1');
    expect((target as HTMLSelectElement).value).toBe('companies');
    await user.selectOptions(target, 'company');
    await user.type(screen.getByLabelText('Αναζήτηση εταιρείας για την ανακοίνωση 1'), 'Ακμή');
    await user.click(await screen.findByRole('button', { name: 'Επιλογή: Ακμή Τροφίμων Α.Ε. (C1001)' }));
    expect((screen.getByLabelText('Κωδικός εταιρείας ανακοίνωσης 1') as HTMLInputElement).value).toBe(
      'C1001',
    );
    await user.type(
      screen.getByLabelText('Λήξη εμφάνισης ανακοίνωσης 1 (κενό: χωρίς λήξη)'),
      '2026-12-31T23:00',
    );
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση προσχεδίου' }));
    await waitFor(() => expect(requestsTo(fetchMock, `${ADMIN}/drafts`)).toHaveLength(1));
    const body = requestsTo(fetchMock, `${ADMIN}/drafts`)[0]?.body as {
      locale: string;
      value: { umbracoNotifications: Record<string, unknown>[] };
    };
    expect(body.locale).toBe('el');
    expect(body.value.umbracoNotifications[0]).toMatchObject({
      notificationId: 'cms-1',
      target: 'company',
      companyId: 'C1001',
      notificationDateTime: '2026-11-20T08:00:00.000Z',
      notificationEndDateTime: new Date('2026-12-31T23:00').toISOString(),
    });
    expect(
      await screen.findByText(
        'Το προσχέδιο αποθηκεύτηκε. Δεν εμφανίζεται στους επισκέπτες μέχρι να δημοσιευτεί.',
      ),
    ).toBeTruthy();
  });
});
