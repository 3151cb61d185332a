import { describe, expect, it, vi } from 'vitest';
import { LOG_PATH, logWarning } from './client-log';

describe('client logs (SPEC §7)', () => {
  it('writes a warning to the console and sends it to the log endpoint by beacon', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    logWarning('there was an error loading data', '/api/content/menu');
    expect(console.warn).toHaveBeenCalledWith('there was an error loading data', '/api/content/menu');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [path, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(path).toBe(LOG_PATH);
    const entry = JSON.parse(await blob.text()) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'warn',
      message: 'there was an error loading data /api/content/menu',
      path: '/',
    });
  });

  it('stops sending after 30 beacons on one page', () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    for (let index = 0; index < 40; index += 1) logWarning('again', index);
    expect(sendBeacon).toHaveBeenCalledTimes(30);
  });
});
