import { zodResolver } from '@hookform/resolvers/zod';
import { formatAmount, parseAmount, stripLeadingWhitespace } from '@tessera/domain';
import { useMemo, type ChangeEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type {
  FieldErrors,
  FieldValues,
  Path,
  Resolver,
  UseFormRegister,
  UseFormSetError,
} from 'react-hook-form';
import { z } from 'zod';
import type { MessageId } from '../i18n/messages';

/**
 * Forms validate in the browser with the same zod schema the server applies (ARCHITECTURE §3:
 * react-hook-form with zod resolvers from `domain/`), so a user sees a mistake before sending, and
 * the server's 400 (field messages already in the request's language) shows the same way.
 *
 * zod's own messages are English and technical ("Too small: expected string to have >=1
 * characters"); this module turns each issue into a message of the UI language: the issue code
 * (and its limits) for zod's built-in checks, the check's message for the schema's own refinements
 * (`'invalid phone'`, `'invalid tax id'` in `domain/`), which zod keeps over any translation.
 * Amounts typed in euros (`parseEuros`) say their bounds in euros, not in the request's cents.
 * Forms whose inputs differ from the request (euros for cents, a select's `''` for null) keep plain
 * strings in the form and check the request they build with `reportIssuesOf`, so every field's
 * problem shows at once and the rules stay those of `domain/`.
 */

/** What an issue carries that decides its message (zod 4's raw issue, loosely). */
export type FormIssue = {
  code?: string;
  message?: string;
  origin?: string;
  format?: string;
  minimum?: unknown;
  maximum?: unknown;
  input?: unknown;
};

/** The messages of the domain schemas' own refinements, by their (English, internal) message. */
export const REFINEMENT_MESSAGES: Readonly<Record<string, MessageId>> = {
  'invalid phone': 'form.issue.phone',
  'invalid tax id': 'form.issue.taxId',
  'invalid postal code': 'form.issue.postalCode',
  'invalid number': 'form.issue.streetNumber',
  'emboss characters': 'form.issue.emboss',
  'invalid amount': 'form.issue.amount',
  'amount required': 'form.issue.required',
  'limit required': 'form.issue.required',
  'a period rule cannot block': 'form.issue.periodBlock',
};

/** `amount range:<min cents>:<max cents>`: the message of an amount outside its bounds. */
const AMOUNT_RANGE = 'amount range:';

/** Whether the module translates this message of a refinement (the resolver's second pass). */
function isRefinementMessage(message: string): boolean {
  return REFINEMENT_MESSAGES[message] !== undefined || message.startsWith(AMOUNT_RANGE);
}

const limit = (value: unknown) => (typeof value === 'bigint' ? Number(value) : Number(value ?? 0));

/** The message id and values of one issue. */
export function issueMessage(issue: FormIssue): {
  id: MessageId;
  values?: Record<string, number | string>;
} {
  if (issue.message?.startsWith(AMOUNT_RANGE)) {
    const [min = 0, max = 0] = issue.message.slice(AMOUNT_RANGE.length).split(':').map(Number);
    return { id: 'form.issue.amountRange', values: { min: formatAmount(min), max: formatAmount(max) } };
  }
  const refined = issue.message === undefined ? undefined : REFINEMENT_MESSAGES[issue.message];
  if (refined) return { id: refined };
  const isText = issue.origin === 'string';
  switch (issue.code) {
    case 'invalid_type':
      return {
        id: issue.input === undefined || issue.input === null ? 'form.issue.required' : 'form.issue.invalid',
      };
    case 'too_small': {
      const min = limit(issue.minimum);
      if (isText)
        return min <= 1 ? { id: 'form.issue.required' } : { id: 'form.issue.tooShort', values: { min } };
      if (issue.origin === 'number') return { id: 'form.issue.minValue', values: { min } };
      return { id: 'form.issue.required' };
    }
    case 'too_big': {
      const max = limit(issue.maximum);
      if (isText) return { id: 'form.issue.tooLong', values: { max } };
      if (issue.origin === 'number') return { id: 'form.issue.maxValue', values: { max } };
      return { id: 'form.issue.invalid' };
    }
    case 'invalid_format':
      return { id: issue.format === 'email' ? 'form.issue.email' : 'form.issue.invalid' };
    case 'invalid_value':
      // A select still on its "choose…" option.
      return {
        id: issue.input === '' || issue.input === undefined ? 'form.issue.required' : 'form.issue.invalid',
      };
    default:
      return { id: 'form.issue.invalid' };
  }
}

/** An issue's message in the UI language. */
export function translateIssue(issue: FormIssue, intl: IntlShape): string {
  const { id, values } = issueMessage(issue);
  return intl.formatMessage({ id }, values);
}

/** Translates the refinement messages zod kept (they never reach the per-parse error map). */
function translateRefinements(errors: FieldErrors, intl: IntlShape): void {
  for (const [key, value] of Object.entries(errors)) {
    // `ref` is the field's DOM element (whose React internals are cyclic), not an error.
    if (key === 'ref' || typeof value !== 'object' || value === null) continue;
    const entry = value as { message?: unknown };
    if (typeof entry.message === 'string' && isRefinementMessage(entry.message)) {
      entry.message = translateIssue({ message: entry.message }, intl);
    }
    // Nested objects and arrays of fields carry their own entries.
    translateRefinements(value as FieldErrors, intl);
  }
}

/**
 * `zodResolver(schema)` whose messages are in the UI language. The submitted values are the
 * schema's output (trimmed, defaults filled), as the server will read them.
 */
export function zodFormResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  intl: IntlShape,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  const resolve = zodResolver(schema, { error: (issue) => translateIssue(issue as FormIssue, intl) });
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    translateRefinements(result.errors, intl);
    return result;
  };
}

/** `zodFormResolver` in the UI language, kept while the language stays (`schema` is a constant). */
export function useZodResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(schema: Schema) {
  const intl = useIntl();
  return useMemo(() => zodFormResolver(schema, intl), [schema, intl]);
}

/**
 * `register(name)` for a text input that strips leading whitespace as it is typed (SPEC §5); the
 * schema trims what is left when the form is sent.
 */
export function registerText<T extends FieldValues>(register: UseFormRegister<T>, name: Path<T>) {
  const field = register(name);
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const stripped = stripLeadingWhitespace(event.target.value);
      if (stripped !== event.target.value) event.target.value = stripped;
      return field.onChange(event);
    },
  };
}

/**
 * Shows the server's field errors (already in the UI language) beside their fields and moves the
 * focus to the first one, as a failed client check would.
 */
export function setServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: Partial<Record<Path<T>, string>>,
): void {
  let isFirst = true;
  for (const [field, message] of Object.entries(fieldErrors) as [Path<T>, string | undefined][]) {
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: isFirst });
    isFirst = false;
  }
}

/**
 * Euros as typed (`1.234,56`, `12,5`) into cents within the bounds of the request's cents schema
 * (its `.min()` and `.max()`), or the custom message to report.
 */
export function parseEuros(
  text: string,
  cents: { minValue: number | null; maxValue: number | null },
): { cents: number } | { message: string } {
  if (text.trim() === '') return { message: 'amount required' };
  const value = parseAmount(text);
  if (value === null) return { message: 'invalid amount' };
  const min = cents.minValue ?? 0;
  const max = cents.maxValue ?? Number.MAX_SAFE_INTEGER;
  return value < min || value > max ? { message: `${AMOUNT_RANGE}${min}:${max}` } : { cents: value };
}

/** The marker of issues that have no message of their own (translated by the outer error map). */
const GENERIC = '\u0000generic';

/**
 * Checks `value` (the request a form built from its inputs) with `schema` of `domain/` and reports
 * its issues on the form's fields (`pathOf` maps the request's paths to them, e.g.
 * `['target', 'category']` → `['category']`). Returns the parsed request, or `z.NEVER` when invalid.
 * For use inside a form schema's `.transform((form, ctx) => …)`.
 */
export function reportIssuesOf<T>(
  schema: z.ZodType<T>,
  value: unknown,
  ctx: z.RefinementCtx,
  pathOf: (path: PropertyKey[]) => PropertyKey[] = (path) => path,
): T {
  const result = schema.safeParse(value, { reportInput: true, error: () => GENERIC });
  if (result.success) return result.data;
  for (const { message, path, ...issue } of result.error.issues) {
    ctx.addIssue({
      ...issue,
      path: pathOf(path),
      ...(message === GENERIC ? {} : { message }),
    } as Parameters<z.RefinementCtx['addIssue']>[0]);
  }
  return z.NEVER;
}
