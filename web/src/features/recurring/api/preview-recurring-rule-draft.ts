import type { RecurringRuleInput } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { ORDERS_API, useRequestContext } from '../../../lib/request-context';
import type { RecurringPreviewResponse } from './preview-recurring-rule';
import { postRuleForm } from './post-rule-form';

export const PREVIEW_RECURRING_RULE_DRAFT_PATH = `${ORDERS_API}/previewRecurringRuleDraft`;

/**
 * `POST previewRecurringRuleDraft`: the next three runs of the editor's rule before it is saved. A
 * 400 names the fields as saving would (`lines.2.amountCents`, `amountCents`, `endDay`).
 */
export function usePreviewRecurringRuleDraft() {
  const context = useRequestContext();
  return useMutation({
    mutationFn: (input: RecurringRuleInput) =>
      postRuleForm<RecurringPreviewResponse>(PREVIEW_RECURRING_RULE_DRAFT_PATH, input, context),
  });
}
