import { Button, Result } from 'antd';
import { useHostNavigate } from '@/runtime/subapp/SubAppRoot';
import { HOME_PATH } from '@/runtime/subapp/apps';

/** A path under the app's prefix that it has no page for (SPEC 2.10's wording and home button). */
export default function AppNotFound() {
  const navigate = useHostNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在"
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}
