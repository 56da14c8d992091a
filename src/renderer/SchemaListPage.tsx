import { Alert, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { t, useLanguage } from '@/i18n';
import { localise } from '@/schema/i18n';
import { loadResource, MissingSchemaError } from './catalogue';
import { endpointProvider, fixedFilters, resourceProvider } from './data/provider';
import { ListPage } from './list/ListPage';
import { buildPageModel } from './resolve';
import type { PageDef, ResourceDef } from './schema-types';

type Loaded = { resource?: ResourceDef; error?: string };

/**
 * A page file made into a ListPage: its resource is loaded (own chunk), then the model is built, in
 * the user's language (page and resource localised, src/schema/i18n.ts; rebuilt when it changes).
 */
export function SchemaListPage({ page: source, file }: { page: PageDef; file: string }) {
  const language = useLanguage();
  const page = useMemo(() => localise(source, language), [source, language]);
  const [loaded, setLoaded] = useState<Loaded | null>(source.resource ? null : {});
  useEffect(() => {
    if (!page.resource) return;
    let live = true;
    loadResource(page.resource, file)
      .then((resource) => live && setLoaded({ resource }))
      .catch((err: unknown) => {
        if (!live) return;
        const text =
          err instanceof MissingSchemaError
            ? t('details.missingResource', { file, resource: err.file })
            : t('details.pageFailed', { file });
        setLoaded({ error: text });
      });
    return () => {
      live = false;
    };
    // The resource is localised when loaded: a new language (a new page object) loads it again.
  }, [page, file]);
  const model = useMemo(
    () => (loaded && !loaded.error ? buildPageModel(page, loaded.resource, file) : undefined),
    [loaded, page, file],
  );
  // A page at a route with parameters lists only the rows they name (each fixes a filter). Keyed by
  // their values: the router gives a new params object whenever the address changes, and the list
  // writes its view into the address, so a new object each time would make a new provider and load
  // every page, search and sort a second time.
  const params = useParams();
  const fixedKey = JSON.stringify(
    Object.entries(page.menu.route?.params ?? {}).flatMap(([param, filter]) =>
      params[param] ? [[filter, params[param]]] : [],
    ),
  );
  const fixed = useMemo(
    () => Object.fromEntries(JSON.parse(fixedKey) as [string, string][]) as Record<string, string>,
    [fixedKey],
  );
  const provider = useMemo(() => {
    // A page of a scenario list (`view`) reads that list's path (拣货员领取: the caller's zones).
    if (loaded?.resource) return fixedFilters(resourceProvider(loaded.resource, page.view), fixed);
    return page.endpoint ? endpointProvider(page.endpoint) : undefined;
  }, [loaded, page, fixed]);
  if (loaded?.error) return <Alert type="error" showIcon message={loaded.error} />;
  if (!model || !provider) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return <ListPage model={model} provider={provider} />;
}
