/**
 * Drafts submitted in this page's life (ADR 010: a submitted draft is deleted on the server). The
 * flow must neither ask for one again nor adopt it back into the local draft while the page moves
 * on to the outcome.
 */
const submitted = new Set<string>();

export function markDraftSubmitted(draftId: string): void {
  submitted.add(draftId);
}

export function isDraftSubmitted(draftId: string | null): boolean {
  return draftId !== null && submitted.has(draftId);
}
