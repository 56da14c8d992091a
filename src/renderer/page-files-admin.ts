import type { PageFiles } from './page-entries';
import type { PageDef } from './schema-types';

// Each glob must be a literal for Vite. The '?page' query makes the lazy import a module of its own,
// so it is not merged into the eager one that carries just the title and menu.
/** The admin sub-app's page files: titles and menus up front, each page file lazily. */
export const adminPageFiles: PageFiles = {
  titles: import.meta.glob<string>('/schemas/pages/admin/*.json', { eager: true, import: 'title' }),
  menus: import.meta.glob<{ uri: string }>('/schemas/pages/admin/*.json', { eager: true, import: 'menu' }),
  lazy: import.meta.glob<PageDef>('/schemas/pages/admin/*.json', {
    import: 'default',
    query: '?page&lang.json',
  }),
};
