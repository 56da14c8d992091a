import { Button, Result, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';

/** SPEC 2.10: back to home, or back to the page named by `from` (else one step back). */
export default function NotFoundPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = () => {
    const from = params.get('from');
    // Only same-site paths: an open redirect through ?from= would be a phishing aid.
    if (from?.startsWith('/') && !from.startsWith('//')) navigate(from);
    else navigate(-1);
  };
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在"
      extra={
        <Space>
          <Button type="primary" onClick={() => navigate('/home')}>
            返回首页
          </Button>
          <Button onClick={back}>返回上一页</Button>
        </Space>
      }
    />
  );
}
