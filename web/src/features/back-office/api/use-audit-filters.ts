import { useSearchParams } from 'react-router';
import type { AuditFilters } from './audit-log';

const KEYS = ['person', 'companyId', 'entity', 'from', 'to'] as const;

/** The audit log's filters and page, kept in the page's address so a reload or a link keeps them. */
export function useAuditFilters(): [AuditFilters, (next: Partial<AuditFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = { page: Math.max(1, Number(params.get('page')) || 1) };
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const update = (next: Partial<AuditFilters>) => {
    const merged = { ...filters, ...next };
    const search = new URLSearchParams();
    for (const key of KEYS) {
      const value = merged[key]?.trim();
      if (value) search.set(key, value);
    }
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  return [filters, update];
}
