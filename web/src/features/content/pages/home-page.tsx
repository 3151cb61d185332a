import { localePath } from '@tessera/domain';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../app/paths';
import { canOpenPath, homeHrefOf } from '../../../app/route-access';
import type { MessageArea } from '../../../i18n/messages';
import { useMessageAreas } from '../../../i18n/use-message-areas';
import { useSession } from '../../../lib/session';
import { useActingCompanyId } from '../../../lib/use-acting-company';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { RichText } from '../../../ui/rich-text';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { usePage } from '../api/get-page';
import { PageHeader } from '../../../ui/page-header';
import { SectionTiles } from '../components/section-tiles';

/**
 * The quick actions and their texts (`cards`, `drafts`) are only for a user acting for a company:
 * a visitor's first load of `/` and `/en` carries neither (issue 36 §4, ADR 052). They load as
 * soon as the session names the company, beside the page's content, and the page shows once both
 * are there (its loading state meanwhile), so the tiles never arrive below a page already shown.
 */
const QUICK_ACTION_AREAS: readonly MessageArea[] = ['cards', 'drafts'];
const NO_AREAS: readonly MessageArea[] = [];
const QuickActions = lazy(() =>
  import('../components/quick-actions').then((module) => ({ default: module.QuickActions })),
);

/**
 * A home page from the CMS: title, summary, body and its sections as tiles. Only the tiles the
 * signed-in user may open are shown (the route table decides, as for the menus): a tile never ends
 * in the 403 page. The session is awaited first so tiles do not appear and then vanish.
 */
function ContentHome({
  slug,
  children,
  isReady = true,
}: {
  slug: string;
  children?: ReactNode;
  /** False while what `children` needs first is still loading (the quick actions' texts). */
  isReady?: boolean;
}) {
  const page = usePage(slug);
  const session = useSession();
  useDocumentTitle(page.data?.title);
  if (page.isPending || session.status === 'loading' || !isReady) return <LoadingState />;
  if (page.isError) return <ErrorState onRetry={() => void page.refetch()} />;
  const user = session.data?.user ?? null;
  const { title, summary, bodyHtml } = page.data;
  const sections = page.data.sections.filter((section) => !section.href || canOpenPath(section.href, user));
  return (
    <article className="tessera-page">
      <div className="tessera-hero">
        <PageHeader title={title} summary={summary} />
      </div>
      {children}
      <RichText html={bodyHtml} />
      {sections.length > 0 ? <SectionTiles sections={sections} /> : null}
    </article>
  );
}

/**
 * `/`: content page `home`, with the signed-in user's quick actions below the title. A merchant's
 * home is the merchant portal (sign-in comes back to `/`), so a merchant goes on to it.
 */
export function HomePage() {
  const session = useSession();
  const locale = useLocale();
  const companyId = useActingCompanyId();
  const user = session.data?.user ?? null;
  const hasQuickActions = user !== null && companyId !== null;
  // Asked for as soon as the session names the company, beside the page's content.
  const hasTexts = useMessageAreas(hasQuickActions ? QUICK_ACTION_AREAS : NO_AREAS);
  const home = homeHrefOf(user);
  if (home !== paths.home.href()) return <Navigate replace to={localePath(locale, home)} />;
  return (
    <Suspense fallback={<LoadingState />}>
      <ContentHome slug="home" isReady={hasTexts}>
        {hasQuickActions ? <QuickActions /> : null}
      </ContentHome>
    </Suspense>
  );
}

/**
 * `/merchant`: the merchant portal's home, content page `merchant-home`, with what the app layer
 * puts below its title (the merchants feature's virtual terminal).
 */
export function MerchantHomePage({ children }: { children?: ReactNode }) {
  return <ContentHome slug="merchant-home">{children}</ContentHome>;
}
