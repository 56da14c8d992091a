import { createHash } from 'node:crypto';
import { formatDateTime } from '../../../src/schema/format';
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
 * - a camera's snapshot is a drawn still of its zone (colours by code, the time stamped on it);
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
    async snapshot(camera, now) {
      return {
        image: drawSnapshot(camera.deviceCode, camera.storeName, camera.zone ?? '', now),
        takenAt: now,
      };
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

/** XML text escaping for the drawn snapshot. */
const xml = (t: string) => t.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A generated still (SVG, no network, no stored files): shelves in the camera's colours, the store,
 * zone and China time stamped like a CCTV overlay. The same camera and minute give the same image.
 * `mark` (an AI detection, demo-ai-provider.ts) adds a red box over a shelf with that label.
 */
export function drawSnapshot(code: string, store: string, zone: string, now: Date, mark?: string): string {
  const hue = (dice(code, 'hue') * 36) % 360;
  const shelves = Array.from({ length: 4 }, (_, i) => {
    const h = 20 + dice(code, now.getUTCMinutes(), i) / 4;
    return `<rect x="${20 + i * 72}" y="${150 - h}" width="56" height="${h}" fill="hsl(${(hue + i * 25) % 360},45%,55%)"/>`;
  }).join('');
  const stamp = formatDateTime(now, 'yyyy-MM-dd HH:mm:ss');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">` +
    `<rect width="320" height="180" fill="hsl(${hue},20%,22%)"/>` +
    `<rect x="10" y="150" width="300" height="8" fill="hsl(${hue},15%,40%)"/>${shelves}` +
    (mark === undefined
      ? ''
      : `<rect x="${90 + (dice(code, now.getTime(), 'box') % 3) * 40}" y="50" width="120" height="96" fill="none" stroke="#ff4d4f" stroke-width="3"/>` +
        `<text x="${94 + (dice(code, now.getTime(), 'box') % 3) * 40}" y="66" font-size="12" fill="#ff4d4f" font-family="sans-serif">${xml(mark)}</text>`) +
    `<text x="10" y="20" font-size="12" fill="#fff" font-family="sans-serif">${xml(store)} · ${xml(zone)}</text>` +
    `<text x="10" y="174" font-size="11" fill="#fff" font-family="monospace">${xml(code)} ${stamp}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
