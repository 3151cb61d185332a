import { useParams } from 'react-router';
import { RequestError } from '../../../lib/request';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { RichText } from '../../../ui/rich-text';
import { usePage } from '../api/get-page';
import { NotFoundContent } from '../components/not-found-content';
import { PageHeader } from '../../../ui/page-header';

/** `/page/:slug`: a generic content page (terms, privacy, cookies, merchant contact hours…). */
export function CmsPage() {
  const { slug = '' } = useParams();
  const page = usePage(slug);
  useDocumentTitle(page.data?.title);
  if (page.isPending) return <LoadingState />;
  if (page.isError) {
    if (page.error instanceof RequestError && page.error.status === 404) return <NotFoundContent />;
    return <ErrorState onRetry={() => void page.refetch()} />;
  }
  return (
    <article className="tessera-page tessera-page--narrow">
      <PageHeader title={page.data.title} summary={page.data.summary} />
      <RichText html={page.data.bodyHtml} />
    </article>
  );
}
