import type { ImportBankStatementResponse, Locale } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf, isFormFailure } from '../../../lib/form-errors';
import { request } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { ORDERS_API } from '../../../lib/request-context';
import { PLACED_ORDERS_QUERY_ROOT } from '../../../lib/query-keys';

export const IMPORT_BANK_STATEMENT_PATH = `${ORDERS_API}/importBankStatement`;

/** The request body was larger than the server accepts. */
const PAYLOAD_TOO_LARGE = 413;

export type ImportStatementResult =
  | { ok: true; statement: Omit<ImportBankStatementResponse, 'success'> }
  | { ok: false; reason: 'tooLarge' }
  | { ok: false; reason: 'refused'; message: string | null }
  | { ok: false; reason: 'failed' };

/**
 * `POST importBankStatement` {csv} (provider staff; ADR 010): each line whose description carries an
 * order's RF reference and whose amount equals its total pays that order; the rest are reported. No
 * company is needed. A line is applied once by its id, so importing the same file again only
 * reports duplicates; the `Idempotency-Key` makes a resent request (a lost answer) one import.
 * A 400 about the file (`csv`: not CSV, or no id, amount or reference column) and a file too large
 * for the server stay with the form; anything else is the global error.
 */
export async function importBankStatement(
  csv: string,
  idempotencyKey: string,
  locale: Locale,
): Promise<ImportStatementResult> {
  const isFileFailure = isFormFailure();
  const result = await request<ImportBankStatementResponse>(IMPORT_BANK_STATEMENT_PATH, {
    method: 'POST',
    body: { csv },
    locale,
    headers: { 'Idempotency-Key': idempotencyKey },
    suppressGlobalError: (failure) => failure.status === PAYLOAD_TOO_LARGE || isFileFailure(failure),
  });
  if (!result.error) {
    const { success: _success, ...statement } = result.data;
    return { ok: true, statement };
  }
  if (result.status === PAYLOAD_TOO_LARGE) return { ok: false, reason: 'tooLarge' };
  const body = result.error === true ? null : result.error;
  if (isFileFailure({ path: IMPORT_BANK_STATEMENT_PATH, status: result.status, body })) {
    const { csv: fileMessage } = fieldErrorsOf(result.error, ['csv'] as const);
    return { ok: false, reason: 'refused', message: fileMessage ?? (body?.errorMessage || null) };
  }
  // The global error has said why.
  return { ok: false, reason: 'failed' };
}

export function useImportBankStatement() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { csv: string; idempotencyKey: string }) =>
      importBankStatement(input.csv, input.idempotencyKey, locale),
    onSuccess: async (result) => {
      // Paid orders changed status in whichever company they belong to.
      if (result.ok) await queryClient.invalidateQueries({ queryKey: PLACED_ORDERS_QUERY_ROOT });
    },
  });
}
