import type {
  FaqsResponse,
  FooterResponse,
  Link,
  MenuItem,
  MenuResponse,
  NotificationsContentResponse,
  Page,
  VideoTutorialsResponse,
} from '@tessera/domain';

/** Content fixtures in the shapes of domain/src/content.ts. */

export function link(url: string, title = url, extra: Partial<Link> = {}): Link {
  return { id: url, pageType: 'content', title, url, target: '_self', isExternalPage: false, ...extra };
}

function item(text: string, href: string, level: number, children: MenuItem[] = []): MenuItem {
  return { link: link(href, text), text, level, active: false, children, href, systemName: text };
}

export const menu: MenuResponse = {
  success: true,
  main_menu: [
    item('Αρχική', '/', 1),
    item('Κάρτες', '', 1, [
      item('Έκδοση', '/card-issue/info', 2, [
        item('Spendeo', '/cards/spendeo/issue', 3),
        item('Mybenefits', '/cards/mybenefits/issue', 3),
      ]),
      item('Λίστα καρτών', '/card-list', 2),
    ]),
    item('Παραγγελίες', '/orders/order-history', 1),
  ],
  phoneNumberLink: link('tel:+302100000000', '210 000 0000', { isExternalPage: true }),
  profileMenu: {
    personalAccount: 'Προσωπικός λογαριασμός',
    companyAccount: 'Λογαριασμός εταιρείας',
    allCompanies: 'Όλες οι εταιρείες',
    selectCompany: 'Επιλογή εταιρείας',
    newDeliveryPoint: 'Νέο σημείο παράδοσης',
    logOut: 'Αποσύνδεση',
  },
};

export const footer: FooterResponse = {
  success: true,
  footerColumns: [{ columnTitle: 'Εταιρεία', columnLinks: [link('/page/about-us', 'Ποιοι είμαστε')] }],
  bottomLinks: [link('/page/terms', 'Όροι χρήσης'), link('/page/privacy', 'Απόρρητο')],
  socialLinks: [
    { network: 'instagram', title: 'Instagram', url: 'https://instagram.com/tessera' },
    { network: 'linkedin', title: 'LinkedIn', url: 'https://linkedin.com/company/tessera' },
    { network: 'facebook', title: 'Facebook', url: 'https://facebook.com/tessera' },
    { network: 'youtube', title: 'YouTube', url: 'https://youtube.com/@tessera' },
  ],
  copyright: '© 2026 Tessera',
};

export function page(slug: string, overrides: Partial<Page> = {}): { success: true; page: Page } {
  return {
    success: true,
    page: { slug, title: `Σελίδα ${slug}`, summary: '', bodyHtml: '', sections: [], texts: {}, ...overrides },
  };
}

export function minutesAgo(minutes: number, now = Date.now()): string {
  return new Date(now - minutes * 60_000).toISOString();
}

export function notificationsContent(
  umbracoNotifications: NotificationsContentResponse['umbracoNotifications'] = [],
): NotificationsContentResponse {
  return {
    success: true,
    umbracoNotifications,
    translations: {
      title: 'Ειδοποιήσεις',
      tabAll: 'Όλες',
      tabExpiring: 'Λήγουν',
      viewAll: 'Δείτε όλες',
      empty: 'Καμία ειδοποίηση',
      emptyExpiring: 'Καμία κάρτα δεν λήγει',
    },
  };
}

export const faqs: FaqsResponse = {
  success: true,
  groups: [
    {
      id: 'cards',
      title: 'Κάρτες',
      items: [{ id: 'q1', question: 'Πώς φορτίζω μια κάρτα;', answerHtml: '<p>Από τη σελίδα φόρτισης.</p>' }],
    },
  ],
};

export const videoTutorials: VideoTutorialsResponse = {
  success: true,
  items: [
    {
      id: 'v1',
      title: 'Πρώτα βήματα',
      description: 'Σύνδεση και πλοήγηση.',
      videoUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
      durationSeconds: 185,
      category: 'Βασικά',
    },
  ],
};

/** Sessions as `GET /api/auth/session` answers them, one per demo role (server/src/db/seed/demo.ts). */
type DemoKey = 'admin' | 'care' | 'om1' | 'om3' | 'finance' | 'payment' | 'merchant';

const DEMO: Record<
  DemoKey,
  { firstName: string; lastName: string; userRoleId: 1 | 2 | 3 | 4 | 5 | 1001; companies: string[] }
> = {
  admin: { firstName: 'Μαρία', lastName: 'Παπαδοπούλου', userRoleId: 1, companies: [] },
  care: { firstName: 'Νίκος', lastName: 'Γεωργίου', userRoleId: 2, companies: [] },
  om1: { firstName: 'Ελένη', lastName: 'Κωνσταντίνου', userRoleId: 3, companies: ['C1001'] },
  om3: { firstName: 'Γιώργος', lastName: 'Δημητρίου', userRoleId: 3, companies: ['C1001', 'C1002', 'C1003'] },
  finance: { firstName: 'Katerina', lastName: 'Alexiou', userRoleId: 4, companies: ['C1002'] },
  payment: { firstName: 'Δημήτρης', lastName: 'Ιωάννου', userRoleId: 5, companies: ['C1002', 'C1004'] },
  merchant: { firstName: 'Σοφία', lastName: 'Μιχαηλίδου', userRoleId: 1001, companies: [] },
};

export function session(key: DemoKey, overrides: { companyId?: string } = {}) {
  const user = DEMO[key];
  return {
    user: {
      name: `${user.firstName} ${user.lastName}`,
      email: `${key}@tessera.demo`,
      userRoleId: user.userRoleId,
      userId: `user-${key}`,
      firstName: user.firstName,
      lastName: user.lastName,
      relatedCompanies: user.companies.map((companyId) => ({ companyId })),
      preferredLanguage: 'el' as const,
    },
    expires: new Date(Date.now() + 30 * 60_000).toISOString(),
    ...overrides,
  };
}

export const COMPANIES = {
  C1001: { companyId: 'C1001', name: 'Ακμή Τροφίμων Α.Ε.', vat: '094019245' },
  C1002: { companyId: 'C1002', name: 'Ελαιώνας Λογιστική Ι.Κ.Ε.', vat: '800123456' },
  C1003: { companyId: 'C1003', name: 'Θαλής Τεχνολογίες Α.Ε.', vat: '998765435' },
  C1004: { companyId: 'C1004', name: 'Κρόνος Μεταφορική Ο.Ε.', vat: '088123770' },
} as const;

/** The answer of the company lookup and selection for one of `COMPANIES`. */
export function companyResponse(companyId: keyof typeof COMPANIES) {
  return { success: true, ...COMPANIES[companyId], address: 'Αθήνα', contacts: [] };
}
