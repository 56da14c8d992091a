/**
 * The AI store-monitoring service (issue 19.5): the outside system that watches the stores' cameras and
 * reports what it sees. The product reaches it only through this interface; the demo implementation
 * (demo-ai-provider.ts) answers offline and deterministically, a vendor's is one more implementation
 * (chosen with the device cloud, worker.ts). Nothing here touches the database.
 */
import type { CameraRef } from './provider';

/** aiEventType (schemas/enums/aiEventType.json). */
export const AI_EVENT_TYPE = {
  emptyShelf: 1,
  longQueue: 2,
  counterUnattended: 3,
  hygiene: 4,
  fridgeDoorOpen: 5,
  afterHoursIntrusion: 6,
} as const;

/** One thing the AI service saw on a camera. */
export interface Detection {
  /** The service's own id: the same detection reported twice is one event. */
  eventCode: string;
  cameraCode: string;
  eventType: number;
  time: Date;
  /** 0–1. */
  confidence: number;
  /** The still it judged, as a data URL (image/svg+xml or image/jpeg). */
  image: string;
}

/** An event whose still is missing (a demo row written without one). */
export interface EventRef {
  eventCode: string;
  eventType: number;
  time: Date;
  cameraCode: string | null;
  storeName: string;
  zone: string | null;
}

export interface AiMonitorProvider {
  /** What the service saw on these cameras between `from` (exclusive) and `to` (inclusive). */
  detections(cameras: readonly CameraRef[], from: Date, to: Date): Promise<Detection[]>;
  /** The still of an event the service reported, or null when it no longer has one. */
  eventImage(event: EventRef): Promise<string | null>;
}
