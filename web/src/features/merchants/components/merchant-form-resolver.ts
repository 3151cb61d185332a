import { useMemo } from 'react';
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { useIntl, type IntlShape } from 'react-intl';
import type { z } from 'zod';
import type { MessageId } from '../../../i18n/messages';
import { setServerErrors, zodFormResolver } from '../../../lib/zod-form';

/**
 * The messages of the merchant schemas' own refinements (`domain/src/merchants.ts`), by their
 * (English, internal) message: zod keeps them over any translation.
 */
const MERCHANT_REFINEMENTS: Readonly<Record<string, MessageId>> = {
  'a Greek postal code is five digits': 'merchantAdmin.issue.postalCode',
  'not a valid IBAN': 'merchantAdmin.issue.iban',
  'not a valid BIC': 'merchantAdmin.issue.bic',
  'empty order': 'merchantAdmin.supplies.empty',
};

/** `Ταχυδρομικός κώδικας: …`: a field's message naming the field, for the summary and screen readers. */
export function namedIssue(intl: IntlShape, label: string, message: string): string {
  const translated = MERCHANT_REFINEMENTS[message];
  return intl.formatMessage(
    { id: 'merchantAdmin.issue.named' },
    { field: label, message: translated ? intl.formatMessage({ id: translated }) : message },
  );
}

/**
 * `zodFormResolver` of `lib/zod-form` (the domain schema, messages in the UI language) whose every
 * message names its field ("Postal code: enter five digits"), the merchant refinements translated.
 * `labels` gives each field's label.
 */
export function useMerchantFormResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  labels: Partial<Record<string, string>>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  const intl = useIntl();
  const key = JSON.stringify(labels);
  return useMemo(() => {
    const resolve = zodFormResolver(schema, intl);
    const named = JSON.parse(key) as Partial<Record<string, string>>;
    return async (values, context, options) => {
      const result = await resolve(values, context, options);
      const errors = result.errors as FieldErrors;
      for (const [field, error] of Object.entries(errors)) {
        const label = named[field];
        if (!label || !error || typeof error.message !== 'string') continue;
        error.message = namedIssue(intl, label, error.message);
      }
      return result;
    };
  }, [schema, intl, key]);
}

/**
 * A refused save: the server's field errors beside their fields, each naming its field, or — when
 * none is a field's — the server's message (else a general one) through `setFailure`.
 */
export function showServerProblems<T extends FieldValues>(
  intl: IntlShape,
  failed: { fieldErrors: Partial<Record<string, string>>; message?: string | null | undefined },
  labels: Partial<Record<string, string>>,
  setError: UseFormSetError<T>,
  setFailure: (message: string) => void,
): void {
  const named = Object.fromEntries(
    Object.entries(failed.fieldErrors).map(([field, message]) => [
      field,
      namedIssue(intl, labels[field] ?? field, message ?? ''),
    ]),
  ) as Partial<Record<Path<T>, string>>;
  setServerErrors(setError, named);
  if (Object.keys(named).length === 0) {
    setFailure(failed.message ?? intl.formatMessage({ id: 'merchantAdmin.form.failed' }));
  }
}
