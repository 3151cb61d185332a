import { matchRoutes } from 'react-router';
import { PORTAL_ROUTES, ROUTE_ACTIONS } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { isMerchantPath, paths } from './paths';
import { decideAccess, type RouteAccess } from './route-access';
import { ROUTE_TABLE, routes } from './routes';

/** Every address of SPEC §2, and one with a draft id. */
const SPEC_PATHS = [...PORTAL_ROUTES, '/card-issue/info/draft-7'];

function leafPath(pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  const leaf = matches.at(-1)?.route;
  return leaf?.index ? '' : leaf?.path;
}

describe('routes', () => {
  it.each(SPEC_PATHS)('serves %s in Greek and under /en in English', (path) => {
    expect(leafPath(path)).not.toBe('*');
    expect(leafPath(path === '/' ? '/en' : `/en${path}`)).toBe(leafPath(path));
  });

  // What a signed-out visitor meets at every address, as the access gate decides it from the matched
  // page's handle: a public page opens, any other sends to sign in (the gate's redirect itself, with
  // SessionRequired and the way back, is rendered in shell/roles.test.tsx; e2e/shell.spec.ts loads
  // a route of each kind of access in Chromium; ADR 038, round five).
  it.each(SPEC_PATHS)(
    'lets a signed-out visitor into %s only if the domain calls it public, in both languages',
    (path) => {
      const address = path.startsWith('/card-issue/info/') ? '/card-issue/info/:draftId' : path;
      const action = (ROUTE_ACTIONS as Record<string, string | null>)[address];
      expect(action, `${address} is in the domain's table`).not.toBeUndefined();
      for (const localised of [path, path === '/' ? '/en' : `/en${path}`]) {
        const handle = (matchRoutes(routes, localised) ?? []).at(-1)?.route.handle as
          { access: RouteAccess } | undefined;
        expect(handle?.access, localised).toBeDefined();
        expect(decideAccess(handle!.access, null, null).kind, localised).toBe(
          action === null ? 'allow' : 'signIn',
        );
      }
    },
  );

  it.each(['/orders/payment/result', '/orders/payment/success', '/orders/payment/failure'])(
    'serves the payment page %s (beyond SPEC §2, ADR 010) in both languages',
    (path) => {
      expect(leafPath(path)).toBe(path.slice(1));
      expect(leafPath(`/en${path}`)).toBe(path.slice(1));
    },
  );

  it('serves the bulk page (beyond SPEC §2, ADR 011) in both languages, and builds its address', () => {
    expect(leafPath('/card-load/upload')).toBe('card-load/upload');
    expect(leafPath('/en/card-load/upload')).toBe('card-load/upload');
    expect(paths.bulkUpload.href()).toBe('/card-load/upload');
    expect(paths.bulkUpload.href({ importId: 'a&b', purpose: 'new' })).toBe(
      '/card-load/upload?importId=a%26b&purpose=new',
    );
  });

  it('sends unknown addresses to the not-found page in both languages', () => {
    expect(leafPath('/no-such-page')).toBe('*');
    expect(leafPath('/en/no-such-page')).toBe('*');
  });

  it('builds hrefs without a locale prefix', () => {
    expect(paths.cardIssueInfoDraft.href('a/b')).toBe('/card-issue/info/a%2Fb');
    expect(paths.spendeoIssue.href({ expired: true })).toBe('/cards/spendeo/issue?expired=true');
    expect(paths.page.href('terms')).toBe('/page/terms');
    expect(paths.orderDetails.href('a&b')).toBe('/order-details-page?orderId=a%26b');
    expect(paths.paymentFailure.href('p-1')).toBe('/orders/payment/failure?paymentId=p-1');
  });

  it('gives merchant pages the merchant shell', () => {
    expect(isMerchantPath('/merchant')).toBe(true);
    expect(isMerchantPath('/merchant/faqs')).toBe(true);
    expect(isMerchantPath('/page/merchant-contact-hours')).toBe(true);
    expect(isMerchantPath('/merchants-of-venice')).toBe(false);
    expect(isMerchantPath('/faqs')).toBe(false);
  });

  it('lists every route once in the route table', () => {
    const patterns = ROUTE_TABLE.map((route) => route.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
