import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaPage, schemaPages } from '@/renderer/pages';

const root = path.resolve(import.meta.dirname, '../../..');

describe('schemaPages: every page file is a route, no TypeScript involved', () => {
  for (const app of ['admin', 'dacang'] as const) {
    it(`${app}: one entry per schemas/pages/${app}/*.json with its menu uri and title`, () => {
      const dir = path.join(root, 'schemas/pages', app);
      const files = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort();
      const entries = schemaPages(app);
      expect(entries.map((e) => `${e.name}.json`)).toEqual(files);
      for (const e of entries) {
        const json = JSON.parse(fs.readFileSync(path.join(dir, `${e.name}.json`), 'utf8'));
        expect(e).toMatchObject({
          // A page reached by links (menu.route) is routed at its own path under the entry it names.
          path: json.menu.route?.path ?? json.menu.uri,
          title: json.title,
          file: `schemas/pages/${app}/${e.name}.json`,
        });
        expect(e.path.startsWith(`/${app}/`)).toBe(true);
        expect(e.load).toBeTypeOf('function');
      }
      // Stable entries: routers may compare them between renders.
      expect(schemaPages(app)).toBe(entries);
    });
  }

  it('finds one page by app and name, and nothing for unknown ones', () => {
    expect(schemaPage('dacang', 'pickOrderList')?.path).toBe('/dacang/distribution/pickOrderList');
    expect(schemaPage('dacang', 'nope')).toBeUndefined();
    expect(schemaPage('elsewhere', 'pickOrderList')).toBeUndefined();
  });
});
