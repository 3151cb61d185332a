import { describe, expect, it } from 'vitest';
import { nextStepMessage } from './model';

describe('after a payment', () => {
  it('says what happens next by where the order is', () => {
    expect(nextStepMessage('loaded')).toBe('orders.success.next.loaded');
    expect(nextStepMessage('in_production')).toBe('orders.success.next.inProduction');
    expect(nextStepMessage('paid')).toBe('orders.success.next.paid');
  });
});
