import type { HostLocation, HostLocationSource } from './types';

/** A location value the host writes and a mounted sub-app subscribes to. */
export function createLocationSource(initial: HostLocation): HostLocationSource & {
  set(location: HostLocation): void;
} {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(location) {
      if (location === current) return;
      current = location;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
