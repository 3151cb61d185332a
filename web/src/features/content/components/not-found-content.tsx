import { Anchor } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmptyStateIllustration } from '../../../ui/illustrations';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingState } from '../../../ui/state-views';
import { RichText } from '../../../ui/rich-text';
import { usePage } from '../api/get-page';
import { PageHeader } from '../../../ui/page-header';

/** The not-found page's content (content slug `not-found`), with UI texts if that fails. */
export function NotFoundContent() {
  const intl = useIntl();
  const page = usePage('not-found');
  const title = page.data?.title ?? intl.formatMessage({ id: 'notFound.title' });
  useDocumentTitle(title);
  if (page.isPending) return <LoadingState />;
  return (
    <section className="tessera-page tessera-page--centered">
      <EmptyStateIllustration />
      <PageHeader
        title={title}
        summary={page.data ? page.data.summary : intl.formatMessage({ id: 'notFound.text' })}
      />
      <RichText html={page.data?.bodyHtml} />
      <Anchor component={LanguageLink} to="/" fw={600}>
        {intl.formatMessage({ id: 'comingSoon.home' })}
      </Anchor>
    </section>
  );
}
