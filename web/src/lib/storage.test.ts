import { describe, expect, it } from 'vitest';
import { clearAllLocalStorage, currentCompanyId, draftTotalOf, readStore, writeStore } from './storage';

describe('persisted stores', () => {
  it('round-trips typed values under the specification names', () => {
    writeStore('notifications', ['a', 'b']);
    writeStore('draftTotal', draftTotalOf(3));
    expect(window.localStorage.getItem('notifications')).toBe('["a","b"]');
    expect(readStore('draftTotal')).toEqual({ total: 3, isMaxReached: false });
  });

  it('sets the maximum-reached flag only over 99 drafts', () => {
    expect(draftTotalOf(99).isMaxReached).toBe(false);
    expect(draftTotalOf(100).isMaxReached).toBe(true);
  });

  it('treats unreadable values as absent', () => {
    window.localStorage.setItem('companyData', '{not json');
    window.localStorage.setItem('notifications', '{"a":1}');
    expect(readStore('companyData')).toBeNull();
    expect(readStore('notifications')).toBeNull();
  });

  it('reads numeric company ids as strings', () => {
    window.localStorage.setItem('lastCompanyId', '42');
    expect(currentCompanyId()).toBe('42');
    window.localStorage.setItem('companyData', JSON.stringify({ companyId: 7, name: 'Acme', vat: '1' }));
    expect(currentCompanyId()).toBe('7');
  });

  it('clears every store', () => {
    writeStore('lastCompanyId', '1');
    writeStore('notificationsPageData', { tab: 'expiring' });
    clearAllLocalStorage();
    expect(readStore('lastCompanyId')).toBeNull();
    expect(readStore('notificationsPageData')).toBeNull();
  });
});
