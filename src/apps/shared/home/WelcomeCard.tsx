// The bare Avatar: the index's Avatar.Group brings Popover (issue 21.6).
import Avatar from 'antd/es/avatar/Avatar';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useLanguage } from '@/i18n';
import type { Profile } from '@/runtime/session';
import styles from './home.module.css';
import { greeting } from './items';
import { useHomeTexts } from './use-home-summary';

/** dayjs's locale of each language (its weekday names: 星期五, Friday). */
const DAYJS_LOCALE = { 'zh-CN': 'zh-cn', 'en-US': 'en' } as const;

/** The greeting band at the top of both home pages: who, where, today, and the headline numbers. */
export function WelcomeCard({
  profile,
  stats,
}: {
  profile: Profile | undefined;
  stats: { label: string; value: ReactNode }[];
}) {
  const texts = useHomeTexts();
  const now = dayjs().locale(DAYJS_LOCALE[useLanguage()]);
  return (
    <section className={styles.welcome} data-home-welcome>
      <Avatar size={56} className={styles.welcomeAvatar}>
        {profile?.realName?.slice(0, 1)}
      </Avatar>
      <div className={styles.welcomeText}>
        <div className={styles.welcomeTitle}>{greeting(now.hour(), profile?.realName ?? '', texts)}</div>
        <div className={styles.welcomeMeta}>
          <span>
            {texts.employeeNumber}
            {profile?.employeeNumber}
          </span>
          {profile?.storeName && (
            <span>
              {texts.currentOrg}
              {profile.storeName}
            </span>
          )}
          <span>{now.format(texts.today)}</span>
        </div>
      </div>
      <div className={styles.welcomeStats}>
        {stats.map((s) => (
          <div key={s.label} className={styles.welcomeStat}>
            <div className={styles.welcomeStatLabel}>{s.label}</div>
            <div className={styles.welcomeStatValue}>{s.value}</div>
          </div>
        ))}
      </div>
    </section>
  );
}
