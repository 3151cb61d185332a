import { SERVICE_NOTIFICATION_IDS } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { serviceNotificationAction, startNotificationIssueFlow } from './service-notification-actions';
import { readStore, writeStore } from './storage';

describe('service notification actions (SPEC §3, §4, §7)', () => {
  it('starts the expiring flows of Ticket Restaurant cards on /card-issue/info', () => {
    expect(serviceNotificationAction('expTrc')).toEqual({
      kind: 'issue',
      reason: 'expiring-trc',
      selectedOption: 'TICKET_RESTAURANT:plastic',
      href: '/card-issue/info',
    });
    expect(serviceNotificationAction('expTrz')).toEqual({
      kind: 'issue',
      reason: 'expiring-trz',
      selectedOption: 'TICKET_RESTAURANT:virtual',
      href: '/card-issue/info',
    });
  });

  it('sends expiring Spendeo and MyBenefits cards to their issue page in its expired mode', () => {
    expect(serviceNotificationAction('expSpendeo')).toMatchObject({
      kind: 'issue',
      reason: 'expired-card',
      href: '/cards/spendeo/issue?expired=true',
    });
    expect(serviceNotificationAction('expMybenefits')).toMatchObject({
      kind: 'issue',
      reason: 'expired-card',
      href: '/cards/mybenefits/issue?expired=true',
    });
  });

  it('makes a ready-to-top-up draft of the notification’s product', () => {
    expect(serviceNotificationAction('topUpTrc')).toEqual({
      kind: 'topUp',
      product: 'TICKET_RESTAURANT',
      family: 'plastic',
    });
    expect(serviceNotificationAction('topUpTrz')).toEqual({
      kind: 'topUp',
      product: 'TICKET_RESTAURANT',
      family: 'virtual',
    });
    expect(serviceNotificationAction('topUpSpendeo')).toEqual({
      kind: 'topUp',
      product: 'SPENDEO',
      family: 'spendeo',
    });
    expect(serviceNotificationAction('topUpMybenefits')).toEqual({
      kind: 'topUp',
      product: 'MY_BENEFITS',
      family: 'mybenefits',
    });
  });

  it('has an action for every service id and none for other ids', () => {
    for (const id of SERVICE_NOTIFICATION_IDS) expect(serviceNotificationAction(id)).not.toBeNull();
    expect(serviceNotificationAction('n1')).toBeNull();
    expect(serviceNotificationAction('toString')).toBeNull();
  });

  it('starting an expiring flow resets the draft and stores the reason, option and now + 60 days', () => {
    writeStore('bulkProduct', 'SPENDEO');
    const now = new Date('2026-03-10T09:00:00Z');
    const action = serviceNotificationAction('expTrc');
    if (action?.kind !== 'issue') throw new Error('expTrc should start a flow');
    expect(startNotificationIssueFlow(action, now)).toBe('/card-issue/info');
    const draft = readStore('orderDraft');
    expect(draft).toMatchObject({
      reason: 'expiring-trc',
      orderType: 'EXPIRED',
      selectedOption: 'TICKET_RESTAURANT:plastic',
      expiringDate: '2026-05-09T09:00:00.000Z',
    });
    expect(readStore('bulkProduct')).toBeNull();
  });
});
