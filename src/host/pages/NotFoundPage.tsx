import { Button, Result, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@/i18n';

/** SPEC 2.10: back to home, or back to the page named by `from` (else one step back). */
export default function NotFoundPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { t } = useTranslation();
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
      subTitle={t('errors.notFound')}
      extra={
        <Space>
          <Button type="primary" onClick={() => navigate('/home')}>
            {t('errors.backHome')}
          </Button>
          <Button onClick={back}>{t('errors.backPrevious')}</Button>
        </Space>
      }
    />
  );
}
