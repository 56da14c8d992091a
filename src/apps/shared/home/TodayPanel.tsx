import { Card, Empty } from 'antd';
import { useTranslation } from '@/i18n';
import { useHostNavigate } from '@/runtime/subapp/SubAppRoot';
import type { HomeSectionData } from './home-api';
import styles from './home.module.css';

/** A `today` section of the home file ('今日完成'): what was finished today, each opening its list. */
export function TodayPanel({ section }: { section: HomeSectionData }) {
  const navigate = useHostNavigate();
  const { t } = useTranslation();
  return (
    <Card title={section.title}>
      {section.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noData')} />
      ) : (
        <div className={styles.todayList}>
          {section.items.map((t) => (
            <button
              type="button"
              key={t.key}
              className={styles.todayRow}
              onClick={() => navigate(t.link)}
              data-today={t.key}
            >
              <span>{t.title}</span>
              <span className={styles.todayValue}>{t.count}</span>
            </button>
          ))}
        </div>
      )}
    </Card>
  );
}
