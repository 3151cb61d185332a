import { ROLE } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { mergeNotifications, notificationsAudienceOf, type PortalNotification } from './model';

const now = new Date('2026-11-21T10:00:00Z');
const notification = (nid: string, overrides: Partial<PortalNotification> = {}): PortalNotification => ({
  nid,
  source: 'cms',
  expiring: false,
  logo: null,
  title: nid,
  excerpt: '',
  link: null,
  read: false,
  notificationDateTime: '2026-11-21T09:00:00Z',
  notificationEndDateTime: null,
  ...overrides,
});

describe('notification merging', () => {
  it('drops ended notifications, applies read ids and sorts newest first', () => {
    const merged = mergeNotifications(
      [
        [
          notification('old', { notificationDateTime: '2026-11-01T00:00:00Z' }),
          notification('ended', { notificationEndDateTime: '2026-11-21T09:59:00Z' }),
        ],
        [
          notification('expTrc', {
            source: 'service',
            expiring: true,
            notificationDateTime: '2026-11-21T09:30:00Z',
          }),
        ],
      ],
      ['old'],
      now,
    );
    expect(merged.map((n) => [n.nid, n.read])).toEqual([
      ['expTrc', false],
      ['old', true],
    ]);
  });

  it('keeps the first of two notifications with the same id', () => {
    const merged = mergeNotifications(
      [[notification('a', { title: 'first' })], [notification('a', { title: 'second' })]],
      [],
      now,
    );
    expect(merged.map((n) => n.title)).toEqual(['first']);
  });
});

describe('whose CMS notifications', () => {
  it('gives a merchant the merchant list everywhere, other users the company list, visitors the page’s', () => {
    const merchant = { userRoleId: ROLE.MERCHANT };
    expect(notificationsAudienceOf(merchant, '/')).toBe('merchant');
    expect(notificationsAudienceOf(merchant, '/notifications')).toBe('merchant');
    for (const userRoleId of [ROLE.ADMIN, ROLE.ORDER_MANAGER, ROLE.FINANCE_USER, ROLE.PAYMENT_MANAGER]) {
      expect(notificationsAudienceOf({ userRoleId }, '/page/merchant-contact-hours')).toBe('company');
    }
    expect(notificationsAudienceOf(null, '/merchant/faqs')).toBe('merchant');
    expect(notificationsAudienceOf(null, '/faqs')).toBe('company');
    // While the session loads nothing is asked for: a merchant never sees the company list flash by.
    expect(notificationsAudienceOf(undefined, '/')).toBeUndefined();
  });
});
