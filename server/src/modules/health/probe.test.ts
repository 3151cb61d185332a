import { describe, expect, it } from 'vitest';
import { createSharedProbe } from './routes';

describe('the shared probe of /api/health and /api/health/ready', () => {
  it('pings once for probes that arrive together, and again once the answer is older than its age', async () => {
    let pings = 0;
    let clock = 0;
    let healthy = true;
    const probe = createSharedProbe(
      async () => {
        pings += 1;
        return healthy;
      },
      1000,
      () => clock,
    );
    expect(await Promise.all([probe(), probe(), probe()])).toEqual([true, true, true]);
    expect(pings).toBe(1);
    clock = 999;
    expect(await probe()).toBe(true);
    expect(pings).toBe(1);
    healthy = false;
    clock = 1000;
    expect(await probe()).toBe(false);
    expect(pings).toBe(2);
    clock = 1500;
    expect(await probe()).toBe(false);
    healthy = true;
    clock = 2000;
    expect(await probe()).toBe(true);
    expect(pings).toBe(3);
  });
});
