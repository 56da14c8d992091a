import { defineContract } from './define';

/**
 * Demo-mode passes (DESIGN.md 3): run one pass of a background worker as of a given moment, so a demo
 * or a browser test shows tomorrow's effects now. Registered only in demo mode, never in production.
 */
const at = {
  type: 'object',
  additionalProperties: false,
  required: ['at'],
  properties: { at: { type: 'string', format: 'date-time', errorMessage: '时间格式不正确' } },
  errorMessage: { required: { at: '请提供时间' }, additionalProperties: '不支持的参数' },
} as const;

const count = { type: 'integer' } as const;

/** POST /api/dev/schedules/pass: the scheduled transitions due at `at` (server/services/schedules.ts). */
export const devSchedulesPass = defineContract({
  method: 'POST',
  path: '/api/dev/schedules/pass',
  body: at,
  data: {
    type: 'object',
    required: ['ran', 'byResource'],
    properties: { ran: count, byResource: { type: 'object', additionalProperties: count } },
  },
});

/** POST /api/dev/devices/pass: one device, price-tag and AI pass (server/services/store-devices). */
export const devDevicesPass = defineContract({
  method: 'POST',
  path: '/api/dev/devices/pass',
  body: at,
  data: {
    type: 'object',
    required: ['devices', 'tags', 'ai'],
    properties: {
      devices: {
        type: 'object',
        required: ['seen', 'wentOffline', 'alerted', 'snapshots'],
        properties: { seen: count, wentOffline: count, alerted: count, snapshots: count },
      },
      tags: {
        type: 'object',
        required: ['created', 'sent', 'acknowledged', 'retried', 'failed'],
        properties: { created: count, sent: count, acknowledged: count, retried: count, failed: count },
      },
      ai: {
        type: 'object',
        required: ['detected', 'created', 'images'],
        properties: { detected: count, created: count, images: count },
      },
    },
  },
});
