import { callContract } from '@/runtime/request';
import { homeSummary } from '@/schema/contracts/home';
import type { DataOf } from '@/schema/contracts/define';

export type HomeSummary = DataOf<typeof homeSummary>;
export type HomeSectionData = HomeSummary['sections'][number];
export type HomeItemData = HomeSectionData['items'][number];

/** GET /api/v1/home/summary?home= (contract: src/schema/contracts/home.ts; counters: schemas/home). */
export const fetchHomeSummary = (home: string) => callContract(homeSummary, { query: { home } });
