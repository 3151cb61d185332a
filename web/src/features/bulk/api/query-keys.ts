import type { RowFilter } from '../model';

/** Every query of the bulk page starts with `bulk` and the company, so one invalidation reaches all. */
export const bulkKeys = {
  all: ['bulk'] as const,
  imports: (companyId: string | null) => ['bulk', companyId, 'imports'] as const,
  import: (companyId: string | null, importId: string) => ['bulk', companyId, 'import', importId] as const,
  rowsOf: (companyId: string | null, importId: string) => ['bulk', companyId, 'rows', importId] as const,
  rows: (companyId: string | null, importId: string, filter: RowFilter, page: number) =>
    ['bulk', companyId, 'rows', importId, filter, page] as const,
  deliveryPoints: (companyId: string | null) => ['bulk', companyId, 'delivery-points'] as const,
};
