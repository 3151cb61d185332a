import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  ERROR_CODE,
  type ErrorBody,
  type ErrorCodeName,
  type ErrorLevel,
  type FieldError,
  type Locale,
  formatAmount,
  INVALID_DATE_MESSAGE,
  SECOND_THRESHOLD_BELOW_FIRST,
  UNSAFE_TEXT_MESSAGE,
} from '@tessera/domain';
import { requestLocale } from './http';

/** HTTP status of each error code (ARCHITECTURE §5). */
export const ERROR_STATUS: Record<ErrorCodeName, number> = {
  INTERNAL: 500,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  CSRF_INVALID: 403,
  PAYLOAD_TOO_LARGE: 413,
  BUSINESS_RULE: 422,
  SERVICE_UNAVAILABLE: 503,
  ACTING_REASON_REQUIRED: 403,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 403,
  ACCOUNT_NOT_CONFIRMED: 403,
  TOKEN_INVALID_OR_EXPIRED: 400,
  WEAK_PASSWORD: 400,
  WRONG_CURRENT_PASSWORD: 400,
  INTERACTION_EXPIRED: 400,
  ADMIN_ONLY: 403,
  PASSWORD_RESET_REQUIRED: 403,
  SECOND_FACTOR_REQUIRED: 403,
  SECOND_FACTOR_INVALID: 400,
  STEP_UP_REQUIRED: 403,
  INSUFFICIENT_BALANCE: 422,
  CARD_NOT_EDITABLE: 422,
  PRODUCT_FAMILY_MISMATCH: 422,
  DRAFT_LIMIT_REACHED: 422,
  ORDER_STATE_CONFLICT: 409,
  SELF_APPROVAL: 422,
  PAYMENT_METHOD_UNAVAILABLE: 422,
  ALREADY_APPROVED: 422,
  BULK_FILE_REFUSED: 400,
  BULK_IMPORT_NOT_READY: 409,
  NO_DRAFTS: 404,
  COMPANY_UNAVAILABLE: 403,
};

/** A field-level problem before translation: `key` names a message of the validation catalogue. */
export type FieldProblem = { field: string; key: ValidationKey; params?: Record<string, string | number> };

export const VALIDATION_KEYS = [
  'required',
  'tooShort',
  'tooLong',
  'invalidEmail',
  'invalidPhone',
  'invalidChoice',
  'invalidValue',
  'tooSmall',
  'tooLarge',
  'invalidPostalCode',
  'invalidTaxId',
  'invalidEmbossText',
  /** Draft orders (docs/decisions/009-card-issue-and-pricing.md); amounts in euros, lines 1-based. */
  'amountOutOfRange',
  'lineAmountOutOfRange',
  'cardNotLoadable',
  'cardAlreadyReplaced',
  /** Leavers and expiry (ADR 036): why a card of a bulk action is refused, by row. */
  'cardNotRenewed',
  'cardOfLeaver',
  'cardNotExpiring',
  'cardNotLive',
  'duplicateCard',
  'cardNotOfCompany',
  'cardholderRequired',
  'cardholderNotOfCompany',
  'lineExists',
  'lineNotFound',
  /** People (ADR 012): a colleague who also works for a company the manager does not manage. */
  'userOfOtherCompanies',
  /** User administration (ADR 023): the email belongs to another user already. */
  'emailTaken',
  /** The public API (ADR 037): another cardholder of the company has this employee code or email. */
  'cardholderExists',
  /** The password policy (ADR 033): each broken rule named with the field. */
  'passwordTooShort',
  'passwordTooLong',
  'passwordContainsEmail',
  'passwordCommon',
  /** Text and dates anywhere (issue 12 §4–5). */
  'invalidCharacters',
  'invalidDate',
  /** Bulk imports (docs/decisions/011-bulk-import.md): the file as a whole, then a row's cells. */
  'bulkFileEmpty',
  'bulkFileOldExcel',
  'bulkFileNotSpreadsheet',
  'bulkFileCorrupt',
  'bulkFileExpandsTooMuch',
  'bulkHeadersMissing',
  'bulkHeaderRepeated',
  'bulkTooManyRows',
  'bulkNoRows',
  'bulkTooManyImports',
  'bulkProcessingFailed',
  'bulkNoGoodRows',
  'bulkAmountInvalid',
  'bulkFormulaWithoutValue',
  'bulkCellError',
  'bulkInvalidCharacters',
  'bulkUnknownCard',
  'bulkCardNotOfCompany',
  'bulkAmbiguousCard',
  'bulkCardIdentifierRequired',
  'bulkCardMismatch',
  'bulkCardBlocked',
  'bulkCardReplaced',
  'bulkCardNotLoadable',
  'bulkProductMismatch',
  'bulkFamilyNotOfProduct',
  'bulkCardExpiringSoon',
  'bulkCardholderNameMismatch',
  'bulkExistingCardholder',
  'bulkDuplicateRow',
  'bulkDuplicateCard',
  'bulkDuplicateInFile',
  /** Fulfilment (issue 18 §7, ADR 026): a step the order's state refuses; {order} is its number. */
  'orderRepeated',
  'orderAlreadyBatched',
  'orderNotInProduction',
  'orderNotBatched',
  'orderAlreadyShipped',
  'orderNotShipped',
  'orderAlreadyDelivered',
  'supplyOrderAlreadyShipped',
  /** Companies and leads (issue 18 §3, §6; ADR 024): another company already has the VAT number. */
  'vatTaken',
  /** Approval settings (ADR 032): the second threshold is below the first, or set without it. */
  'secondThresholdBelowFirst',
  /** Webhook endpoints (issue 33 §1, ADR 039): a host that is or resolves to a non-public address. */
  'webhookUrlNotPublic',
  'webhookHostUnknown',
  /** A JSON body nested deeper than the parser accepts (issue 33 §3): {max} levels. */
  'nestedTooDeep',
  /** An Idempotency-Key used with another body, or by a request still running (issue 34 §3). */
  'idempotencyKeyReused',
  'idempotencyKeyInProgress',
  /** A cardholder's sign-in code that is wrong, expired, used or tried too often (issue 35, ADR 046). */
  'signInCodeInvalid',
] as const;

/** Messages of `refine()` checks in `domain/` schemas and the catalogue key each means. */
const CUSTOM_MESSAGE_KEYS: Record<string, ValidationKey> = {
  'invalid phone': 'invalidPhone',
  'invalid postal code': 'invalidPostalCode',
  'invalid tax id': 'invalidTaxId',
  'emboss characters': 'invalidEmbossText',
  'limit required': 'required',
  'end before start': 'invalidDate',
  // Recurring rules (issue 19): a line's own amount, a card named twice.
  required: 'required',
  'repeated card': 'duplicateCard',
  [UNSAFE_TEXT_MESSAGE]: 'invalidCharacters',
  [INVALID_DATE_MESSAGE]: 'invalidDate',
  [SECOND_THRESHOLD_BELOW_FIRST]: 'secondThresholdBelowFirst',
};
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/**
 * The one error class of the server: a catalogue code, an internal message for the logs (never
 * shown to users), optional field problems and an optional user message overriding the catalogue.
 */
export class AppError extends Error {
  readonly code: ErrorCodeName;
  readonly fields: FieldProblem[];
  readonly level: ErrorLevel;
  readonly userMessage: string | undefined;

  constructor(
    code: ErrorCodeName,
    internalMessage?: string,
    options: { fields?: FieldProblem[]; level?: ErrorLevel; userMessage?: string; cause?: unknown } = {},
  ) {
    super(internalMessage ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields ?? [];
    this.level = options.level ?? 'error';
    this.userMessage = options.userMessage;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** PostgreSQL's `unique_violation`. */
const PG_UNIQUE_VIOLATION = '23505';

/**
 * The unique constraint a failed statement broke, found in the error or the errors it wraps
 * (drizzle wraps the driver's), or null when it is not a unique violation.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === PG_UNIQUE_VIOLATION) return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

const UNIQUE_CONFLICTS = new Map<string, () => AppError>();

/**
 * Declares what breaking the unique constraint `constraint` means to the person whose request did:
 * `answer`, the very error a sequential repeat of the request gets from the module's own check
 * (`CONFLICT` naming the e-mail, `VALIDATION` naming the VAT number…). Two requests that pass the
 * check at once both insert, and the loser's unique violation leaves through the error handlers
 * as that answer instead of a 500 (issue 33 §4): one place, not a try/catch at each call site. The
 * module that checks declares it, beside its check.
 */
export function declareUniqueConflict(constraint: string, answer: () => AppError): void {
  UNIQUE_CONFLICTS.set(constraint, answer);
}

/** The constraints declared so far (the concurrent-creation test checks the schema's against them). */
export function declaredUniqueConflicts(): string[] {
  return [...UNIQUE_CONFLICTS.keys()].sort();
}

/** The declared answer to `error` when it is a unique violation of a declared constraint. */
export function uniqueConflictOf(error: unknown): AppError | undefined {
  const constraint = violatedUniqueConstraint(error);
  return constraint === null ? undefined : UNIQUE_CONFLICTS.get(constraint)?.();
}

/**
 * Where error texts come from: the content service's error-code catalogue per culture. The platform
 * only knows this interface; `app.ts` wires the content module's implementation in.
 */
export type ErrorCatalogue = {
  errorMessage(code: number, locale: Locale): Promise<string | undefined>;
  validationMessage(
    key: ValidationKey,
    locale: Locale,
    params?: Record<string, string | number>,
  ): Promise<string | undefined>;
};

/** Last-resort texts when the catalogue cannot be read (the database may be the problem). */
const FALLBACK: Record<Locale, string> = {
  el: 'Παρουσιάστηκε σφάλμα. Δοκιμάστε ξανά.',
  en: 'Something went wrong. Please try again.',
};

type ZodIssueLike = {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
};

/** Maps a zod issue, as fastify-type-provider-zod reports it, to a validation catalogue key. */
export function problemOfIssue(issue: ZodIssueLike): FieldProblem {
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
  const params = issue.params;
  // Amounts are cents on the wire and euros to people: `5.000,00 €`, not 500000.
  const bound = (value: number) => (/Cents$/.test(field) ? formatAmount(value) : value);
  if (CUSTOM_MESSAGE_KEYS[issue.message ?? ''] && issue.keyword !== 'invalid_type') {
    return { field, key: CUSTOM_MESSAGE_KEYS[issue.message ?? '']! };
  }
  switch (issue.keyword) {
    case 'invalid_type':
      return {
        field,
        key: /received undefined|received null/.test(issue.message ?? '') ? 'required' : 'invalidValue',
      };
    case 'too_small': {
      const min = Number(params.minimum ?? 0);
      if (params.origin === 'number' || params.origin === 'bigint')
        return { field, key: 'tooSmall', params: { min: bound(min) } };
      if ((params.origin === 'string' || params.origin === 'array') && min <= 1)
        return { field, key: 'required' };
      return { field, key: 'tooShort', params: { min } };
    }
    case 'too_big': {
      const max = Number(params.maximum ?? 0);
      if (params.origin === 'number' || params.origin === 'bigint')
        return { field, key: 'tooLarge', params: { max: bound(max) } };
      return { field, key: 'tooLong', params: { max } };
    }
    case 'custom':
      return { field, key: CUSTOM_MESSAGE_KEYS[issue.message ?? ''] ?? 'invalidValue' };
    case 'invalid_format':
      if (params.format === 'email') return { field, key: 'invalidEmail' };
      if (/phone/i.test(field)) return { field, key: 'invalidPhone' };
      if (params.format === 'regex' && CUSTOM_MESSAGE_KEYS[issue.message ?? '']) {
        return { field, key: CUSTOM_MESSAGE_KEYS[issue.message ?? '']! };
      }
      return { field, key: 'invalidValue' };
    case 'invalid_value':
      return { field, key: 'invalidChoice' };
    default:
      return { field, key: 'invalidValue' };
  }
}

async function translateFields(
  problems: FieldProblem[],
  locale: Locale,
  catalogue: ErrorCatalogue | undefined,
): Promise<FieldError[]> {
  return Promise.all(
    problems.map(async (problem) => ({
      field: problem.field,
      message:
        (await catalogue?.validationMessage(problem.key, locale, problem.params).catch(() => undefined)) ??
        problem.key,
    })),
  );
}

/**
 * An unknown error as the log may keep it: a failed query keeps its SQL and its cause, never the
 * values bound to it (a search text, a name, a token; issue 12 §4), whatever the error wraps.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const redact = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');
  const extra = error as Error & { query?: unknown; code?: unknown; statusCode?: unknown };
  return {
    type: error.name,
    message: redact(error.message),
    ...(error.stack ? { stack: redact(error.stack) } : {}),
    ...(typeof extra.query === 'string' ? { query: extra.query } : {}),
    ...(extra.code === undefined ? {} : { code: extra.code }),
    ...(extra.statusCode === undefined ? {} : { statusCode: extra.statusCode }),
    // PostgreSQL's `detail` quotes the row's values ("Key (email)=(…)"): never kept.
    ...(error.cause === undefined ? {} : { cause: loggableError(error.cause) }),
  };
}

/**
 * Installs the one error handler and the JSON 404 handler. Every failure leaves as the body of
 * SPEC §7–8 with the fitting status; unknown errors become 500 with the request id, and the full
 * error goes to the log only.
 */
export function installErrorHandling(
  app: FastifyInstance,
  getCatalogue: () => ErrorCatalogue | undefined,
): void {
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    code: ErrorCodeName,
    options: { fields?: FieldProblem[]; level?: ErrorLevel; userMessage?: string; status?: number } = {},
  ): Promise<FastifyReply> {
    const locale = requestLocale(request);
    const catalogue = getCatalogue();
    const numeric = ERROR_CODE[code];
    const message =
      options.userMessage ??
      (await catalogue?.errorMessage(numeric, locale).catch(() => undefined)) ??
      FALLBACK[locale];
    const body: ErrorBody = {
      success: false,
      errorCode: numeric,
      errorLevel: options.level ?? 'error',
      errorMessage: message,
      requestId: String(request.id),
    };
    if (options.fields && options.fields.length > 0) {
      body.fields = await translateFields(options.fields, locale, catalogue);
    }
    return reply
      .status(options.status ?? ERROR_STATUS[code])
      .type('application/json')
      .send(body);
  }

  app.setErrorHandler(async (error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: loggableError(error) }, error.message);
      else request.log.info({ code: error.code, reason: error.message }, 'request refused');
      return send(request, reply, error.code, {
        fields: error.fields,
        level: error.level,
        ...(error.userMessage ? { userMessage: error.userMessage } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const fields = error.validation.map((issue) => {
        const problem = problemOfIssue(issue as unknown as ZodIssueLike);
        return context && context !== 'body' ? { ...problem, field: `${context}.${problem.field}` } : problem;
      });
      return send(request, reply, 'VALIDATION', { fields });
    }
    if (isResponseSerializationError(error as FastifyError & { method?: string })) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(request, reply, 'INTERNAL');
    }
    // Another request made the same thing a moment earlier: the answer a repeat gets (issue 33 §4).
    const conflict = uniqueConflictOf(error);
    if (conflict) {
      request.log.info({ code: conflict.code, reason: conflict.message }, 'request refused (concurrent)');
      return send(request, reply, conflict.code, { fields: conflict.fields, level: conflict.level });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413) return send(request, reply, 'PAYLOAD_TOO_LARGE');
    if (status === 429) return send(request, reply, 'RATE_LIMITED');
    if (status === 414) return send(request, reply, 'VALIDATION', { status: 414 });
    if (status === 415 || status === 400) {
      request.log.info({ err: error }, 'malformed request');
      return send(request, reply, 'VALIDATION', { status: 400 });
    }
    if (status === 404) return send(request, reply, 'NOT_FOUND');
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return send(request, reply, 'INTERNAL');
  });

  app.setNotFoundHandler(async (request, reply) => send(request, reply, 'NOT_FOUND'));
}
