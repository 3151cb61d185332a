import { Grid } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoadingState } from '../../../ui/state-views';
import { RichText } from '../../../ui/rich-text';
import { usePage } from '../api/get-page';
import { ContactForm } from '../components/contact-form';
import { PageHeader } from '../../../ui/page-header';

/** `/contact`: content page `contact` beside the contact form. */
export function ContactPage() {
  const intl = useIntl();
  const page = usePage('contact');
  const title = page.data?.title ?? intl.formatMessage({ id: 'contact.title' });
  useDocumentTitle(title);
  return (
    <section className="tessera-page">
      {page.isPending ? <LoadingState /> : <PageHeader title={title} summary={page.data?.summary} />}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ContactForm />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <RichText html={page.data?.bodyHtml} className="tessera-contact-info" />
        </Grid.Col>
      </Grid>
    </section>
  );
}
