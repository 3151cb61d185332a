import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for CMS rich text (SPEC §5: text containing tags is sanitised before display).
 * Links may only be http(s), mailto, tel or site-relative; external links open safely.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'blockquote',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
      };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** What sanitize-html escapes in the text it keeps; a plain-text field wants the characters back. */
const ESCAPED: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&amp;': '&',
};

/**
 * Plain text fields (titles, summaries, excerpts): every tag removed, the text kept as the characters
 * it is ("Balance sheet & transactions", not "&amp;"). The portal shows them as text, never as HTML,
 * so what looks like markup after the decoding is only shown, never run.
 */
export function stripTags(text: string): string {
  const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} });
  return stripped.replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => ESCAPED[entity] ?? entity);
}
