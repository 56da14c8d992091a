import { callContract } from '@/runtime/request';
import { homeSummary } from '@/schema/contracts/home';
import type { DataOf } from '@/schema/contracts/define';

export type HomeSummary = DataOf<typeof homeSummary>;
export type TodoCount = HomeSummary['todo'][number];

/** GET /api/v1/home/summary (contract: src/schema/contracts/home.ts). */
export const fetchHomeSummary = () => callContract(homeSummary, {});
