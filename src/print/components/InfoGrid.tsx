import type { ReactNode } from 'react';

export interface InfoItem {
  label: string;
  value: ReactNode;
  /** Columns the item takes (of 3). */
  span?: 1 | 2 | 3;
}

const blank = (v: ReactNode) => v === null || v === undefined || v === '' || v === false;

/** Parties, times and people of a document: label：value in three columns. Empty values print '-'. */
export function InfoGrid({ items }: { items: InfoItem[] }) {
  return (
    <section className="pr-info">
      {items.map((item) => (
        <div
          key={item.label}
          className={`pr-info-item${item.span && item.span > 1 ? ` pr-span-${item.span}` : ''}`}
        >
          <span className="pr-info-label">{item.label}</span>
          <span className="pr-info-value">{blank(item.value) ? '-' : item.value}</span>
        </div>
      ))}
    </section>
  );
}
