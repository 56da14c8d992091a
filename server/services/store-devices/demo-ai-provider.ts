import { dice, drawSnapshot } from './demo-provider';
import type { AiMonitorProvider, Detection } from './ai-provider';
import { AI_EVENT_TYPE } from './ai-provider';

/** The demo service looks at every camera once per slot. */
export const AI_SLOT_MS = 10 * 60_000;
/** Shown on the still's box: what was seen (aiEventType labels). */
const MARK: Record<number, string> = {
  1: '货架空缺',
  2: '收银排队过长',
  3: '柜台无人值守',
  4: '卫生或着装不规范',
  5: '冷柜门未关',
  6: '非营业时间闯入',
};
/** Store hours in China time: after-hours intrusion outside them, the rest during them. */
const OPEN_HOUR = 7;
const CLOSE_HOUR = 22;
const DAY_TYPES = [
  AI_EVENT_TYPE.emptyShelf,
  AI_EVENT_TYPE.longQueue,
  AI_EVENT_TYPE.counterUnattended,
  AI_EVENT_TYPE.hygiene,
  AI_EVENT_TYPE.fridgeDoorOpen,
];

const chinaHour = (t: Date) => (t.getUTCHours() + 8) % 24;

/**
 * The demo AI service (DESIGN.md: every outside system has an offline demo). Deterministic by camera code
 * and ten-minute slot, so tests can name the outcome: a camera is flagged in a slot when
 * dice(code, slot, 'ai') < 2 (about one slot in 50); during store hours the type is one of the five
 * in-store types by dice, after hours it is an intrusion; the confidence is 0.55–0.99. The still is the
 * camera's drawn snapshot of that moment with the detection boxed and labelled.
 */
export function demoAiProvider(): AiMonitorProvider {
  return {
    async detections(cameras, from, to) {
      const out: Detection[] = [];
      const first = Math.floor(from.getTime() / AI_SLOT_MS) + 1;
      const last = Math.floor(to.getTime() / AI_SLOT_MS);
      for (let slot = first; slot <= last; slot++) {
        const time = new Date(slot * AI_SLOT_MS);
        for (const cam of cameras) {
          if (dice(cam.deviceCode, slot, 'ai') >= 2) continue;
          const hour = chinaHour(time);
          const open = hour >= OPEN_HOUR && hour < CLOSE_HOUR;
          const eventType = open
            ? DAY_TYPES[dice(cam.deviceCode, slot, 'type') % DAY_TYPES.length]!
            : AI_EVENT_TYPE.afterHoursIntrusion;
          const eventCode = `AI-${cam.deviceCode}-${slot}`;
          out.push({
            eventCode,
            cameraCode: cam.deviceCode,
            eventType,
            time,
            confidence: (55 + (dice(eventCode, 'confidence') * 44) / 99) / 100,
            image: drawEventImage(cam.deviceCode, cam.storeName, cam.zone ?? '', eventType, time),
          });
        }
      }
      return out;
    },
    async eventImage(e) {
      return drawEventImage(e.cameraCode ?? e.eventCode, e.storeName, e.zone ?? '', e.eventType, e.time);
    },
  };
}

/** The camera's drawn still (demo-provider.ts) with the detection boxed in red and labelled. */
export function drawEventImage(code: string, store: string, zone: string, type: number, time: Date): string {
  return drawSnapshot(code, store, zone, time, MARK[type] ?? '异常');
}
