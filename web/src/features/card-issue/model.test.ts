import { newOrderDraft, type DraftOrder, type OrderDraft } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  choiceForCard,
  draftProblems,
  existingCardLine,
  familiesFor,
  hasUnsavedWork,
  headerChanged,
  localDraftOf,
  newCardholderLine,
  parseSelectedOption,
  pickerFiltersOf,
  pickerRequest,
  productsFor,
  withBulkAmount,
  withCards,
} from './model';

const CARD = '00000000-0000-4000-8000-000000000001';

function draftWith(change: (draft: OrderDraft) => OrderDraft, reason: OrderDraft['reason'] = 'new-card') {
  return change(newOrderDraft(reason, { selectedOption: 'SPENDEO:spendeo' }));
}

describe('product and family', () => {
  it('reads `PRODUCT:family` and refuses a family the product does not have', () => {
    expect(parseSelectedOption('TICKET_RESTAURANT:virtual')).toEqual({
      product: 'TICKET_RESTAURANT',
      family: 'virtual',
    });
    expect(parseSelectedOption('SPENDEO:plastic')).toBeNull();
    expect(parseSelectedOption('NOPE:plastic')).toBeNull();
    expect(parseSelectedOption(null)).toBeNull();
  });

  it('an upgrade is for the plastic card of a product that also has a virtual one', () => {
    expect(productsFor('upgrade-card')).toEqual(['TICKET_RESTAURANT', 'VOUCHER', 'COPMLIMENT']);
    expect(familiesFor('upgrade-card', 'TICKET_RESTAURANT')).toEqual(['plastic']);
    expect(choiceForCard('upgrade-card', { product: 'TICKET_RESTAURANT', family: 'virtual' })).toEqual({
      product: 'TICKET_RESTAURANT',
      family: 'plastic',
    });
    // …and its picker looks for the virtual cards.
    expect(
      pickerRequest(
        'upgrade-card',
        { product: 'TICKET_RESTAURANT', family: 'plastic' },
        'active',
        ' x ',
        2,
        10,
      ),
    ).toMatchObject({ family: 'virtual', status: 'active', search: 'x', page: 2, pageSize: 10 });
  });
});

describe('which cards a reason picks', () => {
  it('loads take active cards; replacements live ones; the expired flow expired or expiring ones', () => {
    expect(pickerFiltersOf('load-card', 'LOAD')).toEqual(['active']);
    expect(pickerFiltersOf('load-card', 'READY_TO_TOP_UP')).toEqual(['active']);
    expect(pickerFiltersOf('damaged-card', 'DAMAGED')).toEqual(['active', 'blocked', 'damaged']);
    expect(pickerFiltersOf('lost-card', 'LOST')).toEqual(['active', 'blocked', 'lost']);
    expect(pickerFiltersOf('expired-card', 'EXPIRED')).toEqual(['expired', 'expiringSoon']);
    expect(pickerFiltersOf('expiring-trc', 'EXPIRED')[0]).toBe('expiringSoon');
    expect(
      pickerRequest(
        'expiring-trz',
        { product: 'TICKET_RESTAURANT', family: 'virtual' },
        'expiringSoon',
        '',
        1,
        10,
      ),
    ).toMatchObject({ expiringSoon: true, family: 'virtual' });
  });
});

describe('amounts', () => {
  it('keeps within the product limits, with 0 allowed only when cards are created', () => {
    expect(amountProblem(500, 'TICKET_RESTAURANT', 'LOAD')).toBeNull();
    expect(amountProblem(499, 'TICKET_RESTAURANT', 'LOAD')?.id).toBe('form.issue.amountRange');
    expect(amountProblem(0, 'TICKET_RESTAURANT', 'LOAD')?.id).toBe('form.issue.amountRange');
    expect(amountProblem(0, 'TICKET_RESTAURANT', 'NEW')).toBeNull();
    expect(amountProblem(0, 'TICKET_RESTAURANT', 'DAMAGED')).toBeNull();
    expect(amountProblem(50_001, 'TICKET_RESTAURANT', 'NEW')).toMatchObject({
      id: 'cardIssue.amount.rangeOrZero',
      values: { min: '5,00\u00a0€', max: '500,00\u00a0€' },
    });
  });

  it('one amount for all sets every line', () => {
    const draft = draftWith((d) => withCards(d, [newCardholderLine(100), newCardholderLine(200)]));
    const bulk = withBulkAmount(draft, 2_500);
    expect(bulk.changedData.bulkAmount).toBe(2_500);
    expect(bulk.changedData.cards.map((line) => line.amountCents)).toEqual([2_500, 2_500]);
    // Back to per card: the lines keep what they have.
    expect(withBulkAmount(bulk, null).changedData.cards.map((line) => line.amountCents)).toEqual([
      2_500, 2_500,
    ]);
  });
});

describe('what keeps a draft from being saved or paid', () => {
  it('needs lines, valid cardholders and amounts; a delivery point only to pay', () => {
    expect(
      draftProblems(
        draftWith((d) => d),
        { forPayment: false },
      ).noLines?.id,
    ).toBe('cardIssue.lines.noCardholders');
    const line = newCardholderLine(0);
    const draft = draftWith((d) =>
      withCards(d, [
        { ...line, cardholder: { ...line.cardholder!, firstName: 'Άννα', email: 'not-an-email' } },
      ]),
    );
    const problems = draftProblems(draft, { forPayment: false });
    expect(problems.lines.get(line.tempCardId)).toEqual({
      lastName: { id: 'form.issue.required' },
      email: { id: 'form.issue.email' },
    });
    expect(problems.deliveryPoint).toBeNull();
    expect(problems.count).toBe(2);
    expect(draftProblems(draft, { forPayment: true }).deliveryPoint?.id).toBe('cardIssue.delivery.required');
    // A line given to an existing cardholder is not checked as a new one.
    const linked = withCards(draft, [{ ...draft.changedData.cards[0]!, cardholderId: CARD }]);
    expect(draftProblems(linked, { forPayment: false }).count).toBe(0);
  });

  it('needs a product', () => {
    const draft = newOrderDraft('load-card');
    expect(draftProblems(draft, { forPayment: false }).product?.id).toBe('cardIssue.product.required');
  });
});

describe('server draft and local draft', () => {
  const saved: DraftOrder = {
    draftId: '00000000-0000-4000-8000-000000000900',
    companyId: 'C1001',
    reason: 'load-card',
    orderType: 'LOAD',
    product: 'TICKET_RESTAURANT',
    family: 'plastic',
    draftOrderAlias: 'Μάρτιος',
    invoiceComments: '',
    deliveryPoint: null,
    bulkAmountCents: null,
    expiringDate: null,
    lines: [
      {
        ...existingCardLine(CARD, 4_000),
        tempCardId: 't-1',
        card: null,
        cardFeeCents: 0,
        replacementFeeCents: 0,
        serviceFeeCents: 60,
      },
    ],
    price: {
      loadCents: 4_000,
      cardFeesCents: 0,
      replacementFeesCents: 0,
      serviceFeesCents: 60,
      deliveryFeeCents: 0,
      feesNetCents: 60,
      vatCents: 14,
      totalCents: 4_074,
    },
    createdBy: 'user-om1',
    createdAt: '2026-03-01T09:00:00Z',
    updatedAt: '2026-03-01T09:00:00Z',
  };

  it('becomes the local draft in update mode, its lines both default and changed', () => {
    const local = localDraftOf(saved);
    expect(local).toMatchObject({
      id: saved.draftId,
      isUpdateMode: true,
      dataWasChanged: false,
      selectedOption: 'TICKET_RESTAURANT:plastic',
    });
    expect(local.changedData.cards).toEqual([
      {
        tempCardId: 't-1',
        cardId: CARD,
        cardholderId: null,
        cardholder: null,
        cardName: '',
        amountCents: 4_000,
      },
    ]);
    expect(local.defaultData.cards).toEqual(local.changedData.cards);
    expect(hasUnsavedWork(local)).toBe(false);
    expect(headerChanged(local, saved)).toBe(false);
    expect(headerChanged({ ...local, draftOrderAlias: 'Απρίλιος' }, saved)).toBe(true);
    expect(headerChanged({ ...local, invoiceComments: 'ΚΚ-12' }, saved)).toBe(true);
  });
});
