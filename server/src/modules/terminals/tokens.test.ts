import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTerminalTokens } from './tokens';

const claims = { terminalId: 't-1', merchantId: 'M1', mid: '77700001' };

describe('terminal access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are verified once and then known until they expire, and refused after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
    const tokens = createTerminalTokens({
      secret: 'a-secret-of-thirty-two-characters!!',
      lifetimeSeconds: 60,
    });
    const token = await tokens.issue(claims);
    expect(await tokens.check(token)).toEqual({ ok: true, claims });
    expect(await tokens.check(token)).toEqual({ ok: true, claims });
    vi.setSystemTime(new Date('2026-11-29T10:00:59Z'));
    expect(await tokens.check(token)).toEqual({ ok: true, claims });
    vi.setSystemTime(new Date('2026-11-29T10:01:00Z'));
    expect(await tokens.check(token)).toEqual({ ok: false, problem: 'expired' });
  });

  it('never take a token of another key for one they verified', async () => {
    const ours = createTerminalTokens({ secret: 'a-secret-of-thirty-two-characters!!', lifetimeSeconds: 60 });
    const theirs = createTerminalTokens({
      secret: 'another-secret-of-thirty-two-chars!',
      lifetimeSeconds: 60,
    });
    const token = await ours.issue(claims);
    expect((await ours.check(token)).ok).toBe(true);
    expect(await theirs.check(token)).toEqual({ ok: false, problem: 'invalid' });
    // A changed character is another token: verified afresh, and refused.
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}${token.slice(-1)}`;
    expect(await ours.check(tampered)).toEqual({ ok: false, problem: 'invalid' });
  });
});
