/**
 * Stands in for 'resize-observer-polyfill' in the browser build (vite.config.ts alias; rc-resize-observer,
 * ahooks and react-slick import it): every browser the console supports has ResizeObserver, and the
 * polyfill was about 2.5 KB gzip of every first visit (issue 21.6).
 */
const NativeResizeObserver: typeof ResizeObserver = globalThis.ResizeObserver;
export default NativeResizeObserver;
