import { createHash } from 'node:crypto';
import type { DeviceProvider } from './provider';

/** A stable number 0–99 from text: the demo's dice, the same on every machine and run. */
export function dice(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0) % 100;
}

/** Half-hour windows: a device that drops out stays out for the window, like a real outage. */
const WINDOW_MS = 30 * 60_000;

/**
 * The demo device cloud (DESIGN.md: every outside system has an offline demo). Deterministic by device
 * code, tag code, attempt and half-hour window, so tests can name the outcome:
 * - a device whose code ends in "-99" never reports (broken); any other misses one window in 25;
 * - a tag whose code ends in "X" has a flat battery: its base station accepts the push but the tag
 *   never confirms; any other tag fails its first attempt one time in 5 (out of range) and confirms
 *   the next.
 */
export function demoDeviceProvider(): DeviceProvider {
  return {
    async heartbeats(devices, now) {
      const window = Math.floor(now.getTime() / WINDOW_MS);
      return devices
        .filter((d) => !d.deviceCode.endsWith('-99') && dice(d.deviceCode, window) >= 4)
        .map((d) => ({ deviceCode: d.deviceCode, seenAt: now }));
    },
    async pushTag() {
      return { accepted: true };
    },
    async tagAcks(sent) {
      return sent.map((p) => {
        if (p.tagCode.endsWith('X')) return { jobId: p.jobId, ok: false, error: '价签电量不足，未响应' };
        if (p.attempt === 1 && dice(p.tagCode, p.jobId) < 20)
          return { jobId: p.jobId, ok: false, error: '价签不在基站信号范围内' };
        return { jobId: p.jobId, ok: true };
      });
    },
  };
}
