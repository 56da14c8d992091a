import { Spin } from 'antd';

/** What shows while a lazy page's chunk is on its way (also the router's first load). */
export function PageLoading() {
  return (
    <div style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
