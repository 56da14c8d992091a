/**
 * The store device cloud (issue 19.2, 19.3): the outside system the store's devices and electronic price
 * tags talk to. The product reaches it only through this interface, chosen by configuration
 * (DEVICE_PROVIDER): the demo implementation (demo-provider.ts) answers offline and deterministically;
 * a real vendor's is one more implementation. Nothing here touches the database.
 */
export interface DeviceRef {
  deviceCode: string;
  deviceType: number;
}

export interface Heartbeat {
  deviceCode: string;
  seenAt: Date;
}

/** What a tag is asked to show (the label preview shows the same). */
export interface TagPush {
  jobId: number;
  tagCode: string;
  attempt: number;
  commodityName: string;
  price: number;
}

export interface TagAck {
  jobId: number;
  ok: boolean;
  /** Why the tag did not confirm (battery, out of range …), in Chinese for the failure list. */
  error?: string;
}

/** A camera's latest still image (live video is out of scope). */
export interface Snapshot {
  /** The image as a data URL (image/svg+xml or image/jpeg), small enough for a list. */
  image: string;
  takenAt: Date;
}

export interface CameraRef extends DeviceRef {
  name: string;
  storeName: string;
  zone: string | null;
}

export interface DeviceProvider {
  /** The latest snapshot of an online camera as of `now`, or null when it has none. */
  snapshot(camera: CameraRef, now: Date): Promise<Snapshot | null>;
  /** The heartbeats received from these devices by `now` (at most one each: the latest). */
  heartbeats(devices: readonly DeviceRef[], now: Date): Promise<Heartbeat[]>;
  /** Hands a price to the tag's base station; false when the station refused it. */
  pushTag(push: TagPush, now: Date): Promise<{ accepted: boolean; error?: string }>;
  /** The confirmations (or failures) of pushes sent earlier. */
  tagAcks(sent: readonly TagPush[], now: Date): Promise<TagAck[]>;
}
