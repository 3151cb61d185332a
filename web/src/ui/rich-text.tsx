import type { ComponentPropsWithoutRef } from 'react';

type RichTextProps = Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'dangerouslySetInnerHTML'> & {
  /** Rich text from the CMS (`bodyHtml`, `answerHtml`), already sanitised by the server. */
  html: unknown;
};

/**
 * Renders CMS rich text. The server sanitises it with its allow-list (ARCHITECTURE §7); this guard
 * only makes sure nothing but a string is ever injected.
 */
export function RichText({ html, className, ...props }: RichTextProps) {
  if (typeof html !== 'string' || html.trim() === '') return null;
  return (
    <div
      className={['tessera-rich-text', className].filter(Boolean).join(' ')}
      {...props}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
