import { request } from '../../../lib/request';
import { isFormFailure } from '../../../lib/form-errors';
import { contextOptions, type RequestContext } from '../../../lib/request-context';

/**
 * What a rule's form request answers: the data, or the server's field errors by the path it names
 * (`lines.2.amountCents`, `endDay`; messages already in the UI language, ARCHITECTURE §5). A rule
 * has as many line fields as cards, so every named field is kept and the form decides where each
 * shows (`serverProblemsOf` in `model.ts`).
 */
export type RuleFormResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      fieldErrors: Record<string, string>;
      /** The server's own message when it named no field (too many attempts). */
      message: string | null;
    };

/**
 * `POST` of a rule's form (save, update, preview, card lines, reminder): a 400 naming fields (and a
 * 429) stays with the form; every other failure goes to the global error (SPEC §8), as
 * `submitForm` does for forms with a fixed set of fields.
 */
export async function postRuleForm<T>(
  path: string,
  body: unknown,
  context: RequestContext,
): Promise<RuleFormResult<T>> {
  const result = await request<T>(path, {
    ...contextOptions(context),
    method: 'POST',
    body,
    suppressGlobalError: isFormFailure(),
  });
  if (!result.error) return { ok: true, data: result.data };
  const fieldErrors: Record<string, string> = {};
  if (result.error !== true) {
    for (const { field, message } of result.error.fields ?? []) fieldErrors[field] ??= message;
  }
  const hasFieldError = Object.keys(fieldErrors).length > 0;
  const message = result.error === true || hasFieldError ? null : result.error.errorMessage || null;
  return { ok: false, fieldErrors, message };
}
