import { Result, Spin } from 'antd';
import { type ComponentType, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { schemaPage } from '../pages';

/**
 * QA harness (/__schema/:app/:name): one page of schemas/pages/<app>/<name>.json rendered on its own,
 * without the layout, so QA snapshots (scripts/snapshots) and renderer e2e tests see exactly what the
 * schema produces. It calls the same API as the real page, so the signed-in user's token and
 * permissions apply; it shows nothing a user could not see through the menu.
 */
export default function SchemaHarnessPage() {
  const { app = '', name = '' } = useParams();
  // Keyed by the page: QA snapshots go from page to page in one document (a history entry each, no
  // reload), and each page must start as it would on its own, with no state of the one before.
  return <HarnessBody key={`${app}/${name}`} app={app} name={name} />;
}

function HarnessBody({ app, name }: { app: string; name: string }) {
  const entry = schemaPage(app, name);
  const [Page, setPage] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!entry) return;
    let live = true;
    entry.load().then((C) => live && setPage(() => C));
    return () => {
      live = false;
    };
  }, [entry]);
  if (!entry) {
    return <Result status="404" title="未找到页面配置" subTitle={`schemas/pages/${app}/${name}.json`} />;
  }
  return (
    <div
      className="fr-harness"
      data-harness={`${app}/${name}`}
      style={{ minHeight: '100vh', padding: 16, background: '#f5f5f5' }}
    >
      {Page ? <Page /> : <Spin style={{ display: 'block', margin: '80px auto' }} />}
    </div>
  );
}
