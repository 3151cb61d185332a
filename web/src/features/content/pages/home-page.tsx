import { localePath } from '@tessera/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../app/paths';
import { canOpenPath, homeHrefOf } from '../../../app/route-access';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { RichText } from '../../../ui/rich-text';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { usePage } from '../api/get-page';
import { PageHeader } from '../../../ui/page-header';
import { QuickActions } from '../components/quick-actions';
import { SectionTiles } from '../components/section-tiles';

/**
 * A home page from the CMS: title, summary, body and its sections as tiles. Only the tiles the
 * signed-in user may open are shown (the route table decides, as for the menus): a tile never ends
 * in the 403 page. The session is awaited first so tiles do not appear and then vanish.
 */
function ContentHome({ slug, children }: { slug: string; children?: ReactNode }) {
  const page = usePage(slug);
  const session = useSession();
  useDocumentTitle(page.data?.title);
  if (page.isPending || session.status === 'loading') return <LoadingState />;
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
  const home = homeHrefOf(session.data?.user ?? null);
  if (home !== paths.home.href()) return <Navigate replace to={localePath(locale, home)} />;
  return (
    <ContentHome slug="home">
      <QuickActions />
    </ContentHome>
  );
}

/**
 * `/merchant`: the merchant portal's home, content page `merchant-home`, with what the app layer
 * puts below its title (the merchants feature's virtual terminal).
 */
export function MerchantHomePage({ children }: { children?: ReactNode }) {
  return <ContentHome slug="merchant-home">{children}</ContentHome>;
}
