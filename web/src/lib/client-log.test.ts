import { describe, expect, it, vi } from 'vitest';
import { CLIENT_LOG_MAX_BYTES } from '@tessera/domain';
import {
  installClientErrorReporting,
  LOG_PATH,
  logWarning,
  reportClientError,
  resetClientErrorReporting,
} from './client-log';

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

describe('uncaught errors and rejections (issue 18 §8, ADR 026)', () => {
  async function entriesOf(sendBeacon: ReturnType<typeof vi.fn>) {
    return Promise.all(
      (sendBeacon.mock.calls as unknown as [string, Blob][]).map(
        async ([, blob]) => JSON.parse(await blob.text()) as Record<string, string>,
      ),
    );
  }

  it('installs its listeners once, and sends errors and rejections with their stacks', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    const target = new EventTarget() as unknown as Window;
    resetClientErrorReporting();
    expect(installClientErrorReporting(target)).toBe(true);
    expect(installClientErrorReporting(target)).toBe(false);

    const error = new TypeError("Cannot read properties of undefined (reading 'cards')");
    target.dispatchEvent(Object.assign(new Event('error'), { message: error.message, error }));
    target.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: new Error('Failed to fetch') }),
    );
    // A resource that failed to load: no message, nothing sent.
    target.dispatchEvent(new Event('error'));

    const entries = await entriesOf(sendBeacon);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      level: 'error',
      kind: 'error',
      message: "TypeError: Cannot read properties of undefined (reading 'cards')",
      path: '/',
    });
    expect(entries[0]!.stack).toContain('TypeError');
    expect(entries[1]).toMatchObject({ kind: 'rejection', message: 'Error: Failed to fetch' });
  });

  it('sends at most ten errors a page, the same one twice in a row once, every body within the cap', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    reportClientError('error', new Error('same'));
    reportClientError('error', new Error('same'));
    for (let index = 0; index < 20; index += 1)
      reportClientError('rejection', `reason ${index} ${'x'.repeat(5000)}`);
    expect(sendBeacon).toHaveBeenCalledTimes(10);
    for (const [, blob] of sendBeacon.mock.calls as unknown as [string, Blob][]) {
      expect(blob.size).toBeLessThanOrEqual(CLIENT_LOG_MAX_BYTES);
    }
  });
});
