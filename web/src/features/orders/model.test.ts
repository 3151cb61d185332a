import { describe, expect, it } from 'vitest';
import {
  applyHistoryChange,
  historyParams,
  historyRequest,
  isRangeReversed,
  parseHistoryParams,
} from './model';

describe('order history filters in the address', () => {
  it('reads known values and drops the rest', () => {
    const filters = parseHistoryParams(
      new URLSearchParams(
        'from=2026-03-01&to=2026-13-45&status=loaded&product=SPENDEO&orderType=NOPE&page=x',
      ),
    );
    expect(filters).toEqual({
      from: '2026-03-01',
      to: null,
      status: 'loaded',
      product: 'SPENDEO',
      orderType: null,
      page: 1,
    });
  });

  it('writes only what is set, and the page only past the first', () => {
    const filters = parseHistoryParams(new URLSearchParams('status=shipped&page=3'));
    expect(historyParams(filters).toString()).toBe('status=shipped&page=3');
    expect(historyParams({ ...filters, page: 1 }).toString()).toBe('status=shipped');
  });

  it('goes back to the first page when a filter changes, not when the page does', () => {
    const filters = parseHistoryParams(new URLSearchParams('status=shipped&page=3'));
    expect(applyHistoryChange(filters, { orderType: 'UNLOAD' }).page).toBe(1);
    expect(applyHistoryChange(filters, { page: 4 }).page).toBe(4);
  });

  it('builds the request with the page size and without empty filters', () => {
    const filters = parseHistoryParams(new URLSearchParams('to=2026-03-31&orderType=UNLOAD&page=2'));
    expect(historyRequest(filters)).toEqual({ to: '2026-03-31', orderType: 'UNLOAD', page: 2, pageSize: 20 });
  });

  it('notices a date range that reads backwards', () => {
    expect(isRangeReversed({ from: '2026-03-31', to: '2026-03-01' })).toBe(true);
    expect(isRangeReversed({ from: '2026-03-01', to: '2026-03-01' })).toBe(false);
    expect(isRangeReversed({ from: null, to: '2026-03-01' })).toBe(false);
  });
});
