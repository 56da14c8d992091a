/**
 * 'Messages changed' (a message was opened, marked read or sent): the header's bell and marquee reload
 * their unread count and titles when they hear it. A window event, so the header and the panel need
 * not import each other.
 */
export const MESSAGES_CHANGED = 'fresh:messages-changed';

export function notifyMessagesChanged(): void {
  window.dispatchEvent(new Event(MESSAGES_CHANGED));
}

/** Subscribes; returns the unsubscribe function (use in an effect). */
export function onMessagesChanged(listener: () => void): () => void {
  window.addEventListener(MESSAGES_CHANGED, listener);
  return () => window.removeEventListener(MESSAGES_CHANGED, listener);
}
