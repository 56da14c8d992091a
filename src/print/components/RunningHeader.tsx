import { useEffect } from 'react';

/** A CSS string literal: quotes, backslashes and line breaks escaped. */
export const cssString = (text: string) => `"${text.replace(/[\\"]/g, '\\$&').replace(/[\r\n]+/g, ' ')}"`;

const FONT = "'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', sans-serif";

/**
 * The line printed at the top of every page (CSS @page margin boxes): company, document and code on
 * the left, when it was printed on the right. The table header repeats by itself (print.css); this
 * says which document a loose page belongs to. Removed when the page goes.
 */
export function RunningHeader({ left, right }: { left: string; right: string }) {
  useEffect(() => {
    const style = document.createElement('style');
    style.dataset.printRunningHeader = '';
    const box = (content: string) =>
      `content: ${cssString(content)}; font-family: ${FONT}; font-size: 8pt; color: #333;`;
    style.textContent = `@page { @top-left { ${box(left)} } @top-right { ${box(right)} } }`;
    document.head.appendChild(style);
    return () => style.remove();
  }, [left, right]);
  return null;
}
