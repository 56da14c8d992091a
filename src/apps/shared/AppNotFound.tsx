import { Button, Result } from 'antd';
import { useTranslation } from '@/i18n';
import { useHostNavigate } from '@/runtime/subapp/SubAppRoot';
import { HOME_PATH } from '@/runtime/subapp/apps';

/** A path under the app's prefix that it has no page for (SPEC 2.10's wording and home button). */
export default function AppNotFound() {
  const { t } = useTranslation();
  const navigate = useHostNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('errors.notFound')}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('errors.backHome')}
        </Button>
      }
    />
  );
}
