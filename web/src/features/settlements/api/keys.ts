/** The payout desk's query keys (issue 34): every change refreshes the whole desk. */
export const SETTLEMENTS_API = '/api/v1/merchants';

export const deskKeys = {
  all: ['payout-desk'] as const,
  terminals: (filter: object) => [...deskKeys.all, 'terminals', filter] as const,
  settlements: (filter: object) => [...deskKeys.all, 'settlements', filter] as const,
  payouts: (page: number) => [...deskKeys.all, 'payouts', page] as const,
};

/** Where a payout file's XML is downloaded (the browser sends the session cookie). */
export const payoutFileHref = (fileId: string) =>
  `${SETTLEMENTS_API}/payoutFiles/${encodeURIComponent(fileId)}`;
