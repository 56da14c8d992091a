import { WarningOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useHostNavigate } from '@/runtime/subapp/SubAppRoot';
import type { HomeSectionData } from './home-api';
import styles from './home.module.css';

/**
 * A `warning` section of the home file (near-expiry batches, stock below safety stock): only the
 * counters above zero, each opening the list that shows the rows; nothing at all when none is.
 */
export function WarningPanel({ section }: { section: HomeSectionData }) {
  const navigate = useHostNavigate();
  const raised = section.items.filter((t) => t.count > 0);
  if (!raised.length) return null;
  return (
    <Card title={section.title} data-home-warnings={section.key}>
      <div className={styles.todayList}>
        {raised.map((t) => (
          <button
            type="button"
            key={t.key}
            className={styles.todayRow}
            onClick={() => navigate(t.link)}
            data-warning={t.key}
          >
            <span>
              <WarningOutlined className={styles.warningIcon} /> {t.title}
            </span>
            <span className={`${styles.todayValue} ${styles.warningValue}`}>
              {t.count}
              <span className={styles.tileUnit}>{t.unit}</span>
            </span>
          </button>
        ))}
      </div>
    </Card>
  );
}
