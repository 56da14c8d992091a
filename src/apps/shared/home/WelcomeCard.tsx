import { Avatar } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { Profile } from '@/runtime/session';
import styles from './home.module.css';
import { greeting } from './items';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** The greeting band at the top of both home pages: who, where, today, and the headline numbers. */
export function WelcomeCard({
  profile,
  stats,
}: {
  profile: Profile | undefined;
  stats: { label: string; value: ReactNode }[];
}) {
  const now = dayjs();
  return (
    <section className={styles.welcome} data-home-welcome>
      <Avatar size={56} className={styles.welcomeAvatar}>
        {profile?.realName?.slice(0, 1)}
      </Avatar>
      <div className={styles.welcomeText}>
        <div className={styles.welcomeTitle}>
          {greeting(now.hour())}，{profile?.realName}
        </div>
        <div className={styles.welcomeMeta}>
          <span>工号：{profile?.employeeNumber}</span>
          {profile?.storeName && <span>当前机构：{profile.storeName}</span>}
          <span>
            {now.format('YYYY年M月D日')} {WEEKDAYS[now.day()]}
          </span>
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
