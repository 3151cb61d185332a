import type { BulkPurpose, Locale } from '@tessera/domain';
import type { BulkContext } from './bulk-context';
import { writeTemplate, type TemplateKind } from './templates';

/**
 * The sample (empty) or example (filled) template of a purpose in `locale`, as `.xlsx` bytes;
 * made once per process.
 */
export function getTemplate(
  ctx: BulkContext,
  purpose: BulkPurpose,
  kind: TemplateKind,
  locale: Locale,
): Promise<Buffer> {
  const { deps, templates } = ctx;
  const key = `${purpose}:${kind}:${locale}`;
  let made = templates.get(key);
  if (!made) {
    made = writeTemplate(purpose, kind, locale, {
      maxRows: deps.limits.maxRows,
      maxBytes: deps.limits.maxBytes,
    });
    made.catch(() => templates.delete(key));
    templates.set(key, made);
  }
  return made;
}
