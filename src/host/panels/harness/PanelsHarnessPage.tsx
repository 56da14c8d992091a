import { Badge, Button, Card, Space } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { callContract } from '@/runtime/request';
import { unreadCount, unreadTitles } from '@/schema/contracts/messages';
import { ExportButton } from '../exports/ExportButton';
import ExportCenterPage from '../exports/ExportCenterPage';
import { panelComponents } from '../index';
import { onMessagesChanged } from '../messages/events';

type PanelName = keyof typeof panelComponents;

const OPENERS: { name: PanelName; label: string }[] = [
  { name: 'messages', label: '消息中心' },
  { name: 'printerV1', label: '个人打印机设置' },
  { name: 'printerV2', label: '个人打印机设置（试用版）' },
  { name: 'downloadCenter', label: '软件下载中心' },
];

/** What the header shows: the unread count and titles, reloaded when the panel says messages changed. */
function HeaderProbe() {
  const [count, setCount] = useState<number>();
  const [titles, setTitles] = useState<string[]>([]);
  useEffect(() => {
    const load = () => {
      void callContract(unreadCount, {}).then(setCount, () => undefined);
      void callContract(unreadTitles, {}).then(
        (list) => setTitles(list.map((m) => m.title)),
        () => undefined,
      );
    };
    load();
    return onMessagesChanged(load);
  }, []);
  return (
    <Space>
      <Badge count={count ?? 0} showZero data-harness-unread={count ?? ''} />
      <span data-harness-titles>{titles.join(' | ')}</span>
    </Space>
  );
}

/**
 * QA harness of the layout's panels (issue 6), without the layout: each panel opens from a button, the
 * header's unread count and titles listen to the panels, and the export centre and an export button of
 * the price list sit below. Signed-in users only (the calls need the session).
 */
export default function PanelsHarnessPage() {
  const [open, setOpen] = useState<PanelName>();
  const Panel = open ? panelComponents[open] : undefined;
  return (
    <div style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card size="small" title="面板">
        <Space wrap>
          {OPENERS.map((o) => (
            <Button key={o.name} onClick={() => setOpen(o.name)} data-open-panel={o.name}>
              {o.label}
            </Button>
          ))}
          <ExportButton page="admin/priceList" filters={{}} />
          <HeaderProbe />
        </Space>
      </Card>
      <ExportCenterPage />
      {Panel && (
        <Suspense fallback={null}>
          <Panel open onClose={() => setOpen(undefined)} />
        </Suspense>
      )}
    </div>
  );
}
