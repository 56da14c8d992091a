/**
 * Stands in for 'isomorphic-fetch' in the browser build (vite.config.ts alias). umi-request imports it
 * only for its side effect, the whatwg-fetch polyfill, which installs itself only where fetch is
 * missing; every browser the console supports has fetch, so the polyfill was dead weight on every page.
 */
const nativeFetch: typeof fetch = (...args) => globalThis.fetch(...args);
export default nativeFetch;
