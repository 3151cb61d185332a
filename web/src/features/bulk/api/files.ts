import type { BulkPurpose, Locale } from '@tessera/domain';
import { bulkImportPath } from './get-bulk-import';
import { ORDERS_API } from '../../../lib/request-context';

/**
 * The bulk downloads are plain links (the browser saves them; a link carries no headers): the
 * templates need only the session, the problem rows take the company in the query instead of the
 * `companyId` header, which the server accepts for that address.
 */

export type TemplateKind = 'sample' | 'example';

/** `GET downloadSampleFile` (the empty template) or `downloadExampleFile`, in `locale`. */
export function templateHref(kind: TemplateKind, purpose: BulkPurpose, locale: Locale): string {
  const path = kind === 'sample' ? 'downloadSampleFile' : 'downloadExampleFile';
  return `${ORDERS_API}/${path}?${new URLSearchParams({ purpose, lang: locale })}`;
}

/** `GET bulkImports/{importId}/problemRows`: the rows with problems as an `.xlsx`, in `locale`. */
export function problemRowsHref(importId: string, companyId: string | null, locale: Locale): string {
  const search = new URLSearchParams({ ...(companyId ? { companyId } : {}), lang: locale });
  return `${bulkImportPath(importId)}/problemRows?${search}`;
}
