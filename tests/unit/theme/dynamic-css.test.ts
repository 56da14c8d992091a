// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { removeCSS, updateCSS } from '@/runtime/theme/dynamic-css';

// Issues 21.3 and 21.4: antd writes a component's styles each time an instance mounts; rc-util's
// updateCSS searched <head> and read the element's text back every time. The wrapper keeps what it
// wrote and answers a repeat at once, and behaves as rc-util's function otherwise.

// Marks of this file's own (the unit files share a document: antd's styles of other files may be there).
const MARK = { mark: 'data-test-css', prepend: 'queue' as const, priority: -999 };
const OTHER = 'data-test-other';
const styles = () => [...document.head.querySelectorAll(`style[${MARK.mark}], style[${OTHER}]`)];

/** Counts reads of the element's text (what rc-util compared on every call). */
function countTextReads(node: HTMLElement): { reads: number } {
  const counter = { reads: 0 };
  const own = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
  Object.defineProperty(node, 'innerHTML', {
    configurable: true,
    get() {
      counter.reads++;
      return own.get!.call(this) as string;
    },
    set(v: string) {
      own.set!.call(this, v);
    },
  });
  return counter;
}

describe('antd style elements written through the remembering updateCSS', () => {
  afterEach(() => {
    for (const s of styles()) s.remove();
  });

  it('writes a style once and answers the same key and text with the same element, reading nothing back', () => {
    const first = updateCSS('.a{color:red}', 'k1', MARK);
    const reads = countTextReads(first);
    for (let i = 0; i < 5; i++) expect(updateCSS('.a{color:red}', 'k1', MARK)).toBe(first);
    expect(reads.reads).toBe(0);
    expect(styles()).toHaveLength(1);
    expect(first.getAttribute(MARK.mark)).toBe('k1');
    expect(first.textContent).toBe('.a{color:red}');
  });

  it('new text for a key rewrites its element, as rc-util does', () => {
    const first = updateCSS('.a{color:red}', 'k1', MARK);
    expect(updateCSS('.a{color:blue}', 'k1', MARK)).toBe(first);
    expect(first.textContent).toBe('.a{color:blue}');
    expect(styles()).toHaveLength(1);
  });

  it('an element taken out of the document (antd clears a theme’s styles so) is written again', () => {
    const first = updateCSS('.a{color:red}', 'k1', MARK);
    first.remove();
    const again = updateCSS('.a{color:red}', 'k1', MARK);
    expect(again).not.toBe(first);
    expect(again.isConnected).toBe(true);
    expect(styles()).toHaveLength(1);
  });

  it('keys are kept apart by mark, and removeCSS forgets what it removes', () => {
    const a = updateCSS('.a{}', 'k', MARK);
    const b = updateCSS('.b{}', 'k', { mark: OTHER });
    expect(a).not.toBe(b);
    expect(styles()).toHaveLength(2);
    removeCSS('k', MARK);
    expect(a.isConnected).toBe(false);
    const c = updateCSS('.a{}', 'k', MARK);
    expect(c).not.toBe(a);
    expect(c.isConnected).toBe(true);
  });

  it('a nonce asked for is set on the element, as rc-util does', () => {
    const first = updateCSS('.a{}', 'k1', MARK);
    const withNonce = updateCSS('.a{}', 'k1', { ...MARK, csp: { nonce: 'n1' } });
    expect(withNonce).toBe(first);
    expect(withNonce.nonce).toBe('n1');
  });
});
