import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { Page } from '@tessera/domain';
import { LanguageLink } from '../../../ui/language-link';

/** The home page's sections as tiles; a tile with a link is a link (its text or its title). */
export function SectionTiles({ sections }: { sections: Page['sections'] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" component="ul" className="tessera-tiles">
      {sections.map((section, index) => (
        <Card
          key={`${section.title}-${index}`}
          component="li"
          withBorder
          radius="md"
          padding="lg"
          className="tessera-tile"
        >
          <Title order={2} size="h3">
            {section.title}
          </Title>
          {section.text ? <Text mt="xs">{section.text}</Text> : null}
          {section.href ? (
            <LanguageLink to={section.href} className="tessera-tile__link">
              {section.linkText || section.title}
              <span aria-hidden="true"> →</span>
            </LanguageLink>
          ) : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}
