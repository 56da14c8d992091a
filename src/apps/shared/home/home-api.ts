import { api } from '@/runtime/request';

export interface TodoCount {
  key: string;
  count: number;
  oldest: string | null;
}

export interface HomeSummary {
  todo: TodoCount[];
  today: { key: string; count: number }[];
  generatedAt: string;
}

/** GET /api/v1/home/summary (server/routes/home): only the counts the user holds the permission for. */
export const fetchHomeSummary = () => api.get<HomeSummary>('/api/v1/home/summary');
