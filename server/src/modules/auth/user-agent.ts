import { DEVICE_TYPES, type DeviceType } from '@tessera/domain';
import Bowser from 'bowser';

export type DescribedDevice = { deviceType: DeviceType; os: string | null; browser: string | null };

/**
 * What a User-Agent says of the browser (ADR 033): device type, operating system and browser with
 * their versions, read by `bowser` (MIT; ua-parser-js 2 is AGPL). Read when shown, not stored, so a
 * newer parser names old sessions better. Never trusted for anything but display.
 */
export function describeUserAgent(userAgent: string | null | undefined): DescribedDevice {
  if (!userAgent) return { deviceType: 'unknown', os: null, browser: null };
  try {
    const parsed = Bowser.parse(userAgent);
    const type = parsed.platform.type as string | undefined;
    const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || null;
    // The major version only: "Chrome 131", not "Chrome 131.0.6778.85".
    const major = (version: string | undefined) => version?.split('.')[0];
    return {
      deviceType: (DEVICE_TYPES as readonly string[]).includes(type ?? '') ? (type as DeviceType) : 'unknown',
      os: join(parsed.os.name, parsed.os.versionName ?? major(parsed.os.version)),
      browser: join(parsed.browser.name, major(parsed.browser.version)),
    };
  } catch {
    return { deviceType: 'unknown', os: null, browser: null };
  }
}

/** One line for an email: `Firefox 128 · Windows 10 · desktop`. */
export function deviceLine(device: DescribedDevice): string {
  return (
    [device.browser, device.os, device.deviceType === 'unknown' ? null : device.deviceType]
      .filter(Boolean)
      .join(' · ') || '?'
  );
}
