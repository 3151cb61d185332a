import { Anchor, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { EmptyStateIllustration } from './illustrations';
import { LanguageLink } from './language-link';

/** The body of a page that a later release builds: its title, a short explanation, a link home. */
export function ComingSoon({ title }: { title: string }) {
  const intl = useIntl();
  return (
    <section className="tessera-coming-soon" aria-labelledby="coming-soon-title">
      <EmptyStateIllustration />
      <Title order={1} id="coming-soon-title">
        {title}
      </Title>
      <Text size="lg">{intl.formatMessage({ id: 'comingSoon.text' })}</Text>
      <Anchor component={LanguageLink} to="/" fw={600}>
        {intl.formatMessage({ id: 'comingSoon.home' })}
      </Anchor>
    </section>
  );
}
