import { RightOutlined } from '@ant-design/icons';
import { Card, List } from 'antd';
import { useHostNavigate } from '@/runtime/subapp/SubAppRoot';

/** A short list of places to go (personal centre, export centre, the other home). */
export function ShortcutsPanel({ items }: { items: { title: string; path: string; description: string }[] }) {
  const navigate = useHostNavigate();
  return (
    <Card title="快捷入口" styles={{ body: { paddingTop: 4, paddingBottom: 4 } }}>
      <List
        dataSource={items}
        renderItem={(item) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            onClick={() => navigate(item.path)}
            actions={[<RightOutlined key="go" style={{ color: 'rgba(0,0,0,0.3)' }} />]}
          >
            <List.Item.Meta title={item.title} description={item.description} />
          </List.Item>
        )}
      />
    </Card>
  );
}
