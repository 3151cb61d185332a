import { useDocumentTitle } from '../../../lib/use-document-title';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { RichText } from '../../../ui/rich-text';
import { usePage } from '../api/get-page';
import { PageHeader } from '../components/page-header';
import { QuickActions } from '../components/quick-actions';
import { SectionTiles } from '../components/section-tiles';

/**
 * `/`: content page `home`: title, summary, body and its sections as tiles; for whoever orders for a
 * company, quick actions below the title.
 */
export function HomePage() {
  const page = usePage('home');
  useDocumentTitle(page.data?.title);
  if (page.isPending) return <LoadingState />;
  if (page.isError) return <ErrorState onRetry={() => void page.refetch()} />;
  const { title, summary, bodyHtml, sections } = page.data;
  return (
    <article className="tessera-page">
      <div className="tessera-hero">
        <PageHeader title={title} summary={summary} />
      </div>
      <QuickActions />
      <RichText html={bodyHtml} />
      {sections.length > 0 ? <SectionTiles sections={sections} /> : null}
    </article>
  );
}
