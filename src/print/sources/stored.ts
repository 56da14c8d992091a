import { readPrintData } from '../storage';
import { type Loaded, missing, ready, STALE_DATA } from './load';
import type { ReceivePrintData, ReplenishmentPrintData, UnupListPrintData } from './types';

/**
 * Documents the list pages hand over in session storage (../storage.ts): there is nothing to fetch,
 * and anything missing, stale or malformed reads as STALE_DATA.
 */
const fromStorage = <T>(data: T | undefined): Promise<Loaded<T>> =>
  Promise.resolve(data ? ready(data) : missing(STALE_DATA));

export const loadReceive = (code: string) => fromStorage<ReceivePrintData>(readPrintData('receive', code));
export const loadUnupList = (param: string) =>
  fromStorage<UnupListPrintData>(readPrintData('unupList', param));
export const loadReplenishment = (param: string) =>
  fromStorage<ReplenishmentPrintData>(readPrintData('replenishment', param));
