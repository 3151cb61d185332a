import { Text, Title } from '@mantine/core';
import type { Page } from '@tessera/domain';
import { LanguageLink } from '../../../ui/language-link';

/**
 * The home page's sections as tiles; a tile with a link is a link (its text or its title). A CSS
 * grid of bordered cards (`global.css`): Mantine's SimpleGrid and Card would add their code to the
 * home page's first load for a layout the stylesheet gives (issue 36 §4, ADR 052).
 */
export function SectionTiles({ sections }: { sections: Page['sections'] }) {
  return (
    <ul className="tessera-tiles tessera-tiles--sections">
      {sections.map((section, index) => (
        <li key={`${section.title}-${index}`} className="tessera-tile tessera-card">
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
        </li>
      ))}
    </ul>
  );
}
