import type { Locale } from '@tessera/domain';
import { useMemo } from 'react';
import type { RequestOptions } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';

/** The merchant portal's API (ADR 016). */
export const MERCHANTS_API = '/api/v1/merchants';

/**
 * What every merchant request carries: the UI language and, for provider staff, the merchant they
 * act for (`merchantId` header); a merchant user's own merchant is the server's to know (null).
 */
export type MerchantContext = { locale: Locale; merchantId: string | null };

export function useMerchantContext(merchantId: string | null): MerchantContext {
  const locale = useLocale();
  return useMemo(() => ({ locale, merchantId }), [locale, merchantId]);
}

/** The request options of a merchant context, with further headers (an `Idempotency-Key`). */
export function merchantOptions(
  { locale, merchantId }: MerchantContext,
  headers: Record<string, string> = {},
): RequestOptions {
  return { locale, headers: { ...(merchantId ? { merchantId } : {}), ...headers } };
}
