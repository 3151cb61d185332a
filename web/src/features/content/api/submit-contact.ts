import type { FieldError, SubmitContactRequest } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';

export const CONTACT_PATH = '/api/content/contact';

export type SubmitContactResult =
  | { ok: true; ticketId: string }
  | { ok: false; fieldErrors: Partial<Record<keyof SubmitContactRequest, string>> };

/**
 * `POST /api/content/contact` (SubmitContact). A 400 naming fields comes back as field errors for
 * the form to show; any other failure goes to the global error like every request.
 */
export async function submitContact(
  input: SubmitContactRequest,
  locale: 'el' | 'en',
): Promise<SubmitContactResult> {
  const result = await request<{ success: true; ticketId: string }>(CONTACT_PATH, {
    method: 'POST',
    body: input,
    locale,
    suppressGlobalError: (failure) => failure.status === 400 && (failure.body?.fields?.length ?? 0) > 0,
  });
  if (!result.error) return { ok: true, ticketId: result.data.ticketId };
  const fields: FieldError[] = result.error === true ? [] : (result.error.fields ?? []);
  const fieldErrors: Partial<Record<keyof SubmitContactRequest, string>> = {};
  for (const { field, message } of fields) {
    const key = field as keyof SubmitContactRequest;
    fieldErrors[key] ??= message;
  }
  return { ok: false, fieldErrors };
}

export function useSubmitContact() {
  const locale = useLocale();
  return useMutation({ mutationFn: (input: SubmitContactRequest) => submitContact(input, locale) });
}
