import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Loaded } from '../sources/load';
import { formatMinute } from '../format';
import { usePrintReady } from '../ready';
import '../print.css';
import { COMPANY } from './DocumentHeader';
import { RunningHeader } from './RunningHeader';

interface Props<T> {
  /** Document title: toolbar, browser tab, running header. */
  title: string;
  /** The document code or route parameter it prints. */
  code: string;
  /** Loads the document for `code` (a module-level function: stable); undefined when cancelled. */
  load: (code: string, signal: AbortSignal) => Promise<Loaded<T> | undefined>;
  /** Prints by itself once ready (the transfer requisition, SPEC 2.14). */
  autoPrint?: boolean;
  /** Running-header code when it differs from `code` (several documents on one print). */
  headerCode?: (data: T) => string;
  children: (data: T) => ReactNode;
}

/**
 * The frame of every print page: loads the document, then shows either the sheet or, in Chinese, why
 * there is nothing to print (never an empty sheet). A print button that does not print itself, the
 * running header, and the ready signal (../ready.ts) for automatic printing and the tests.
 */
export function PrintPage<T>({ title, code, load, autoPrint, headerCode, children }: Props<T>) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    void load(code, controller.signal).then((result) => {
      if (result && !controller.signal.aborted) setLoaded(result);
    });
    return () => {
      controller.abort();
      setLoaded({ state: 'loading' });
    };
  }, [load, code]);

  useEffect(() => {
    const previous = document.title;
    document.title = `${title} ${code}`;
    return () => {
      document.title = previous;
    };
  }, [title, code]);

  usePrintReady(root, loaded.state === 'ready', { autoPrint });
  const [printedAt] = useState(() => formatMinute(Date.now()));

  return (
    <div className="pr-root" ref={root} data-print-state={loaded.state}>
      <div className="pr-toolbar">
        <span className="pr-toolbar-title">
          {title} {code}
        </span>
        {loaded.state === 'ready' ? (
          <button type="button" className="pr-print-button" onClick={() => window.print()}>
            打印
          </button>
        ) : null}
      </div>
      {loaded.state === 'loading' ? <div className="pr-loading">正在加载打印数据…</div> : null}
      {loaded.state === 'missing' ? (
        <div className="pr-message" role="alert">
          {loaded.message}
          <div className="pr-message-hint">请关闭本页，回到列表页重新操作</div>
        </div>
      ) : null}
      {loaded.state === 'ready' ? (
        <>
          <RunningHeader
            left={`${COMPANY} · ${title} ${headerCode ? headerCode(loaded.data) : code}`}
            right={`打印时间 ${printedAt}`}
          />
          <div className="pr-sheet">{children(loaded.data)}</div>
        </>
      ) : null}
    </div>
  );
}
