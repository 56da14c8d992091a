import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * How the console's browser build resolves some third-party imports, shared by vite.config.ts and the
 * benchmarks' fixture build (bench/lib/fixture-page.ts), so that a benchmark measures the console as
 * it ships.
 */
export function browserAliases(root: string): Record<string, string> {
  return {
    '@': path.join(root, 'src'),
    '@schemas': path.join(root, 'schemas'),
    // umi-request's fetch polyfill: native fetch instead (src/runtime/request/fetch-native.ts).
    'isomorphic-fetch': path.join(root, 'src/runtime/request/fetch-native.ts'),
    // umi-request's query strings: neoqs, qs's dependency-free ES module fork with the same API. qs
    // itself brings side-channel and its object-inspect/get-intrinsic tree (about 12 KB gzip) to
    // every first screen, only to detect cyclic objects in a query (issue 21.6).
    qs: 'neoqs',
    // ResizeObserver's polyfill: the browser's own (src/runtime/resize-observer-native.ts).
    'resize-observer-polyfill': path.join(root, 'src/runtime/resize-observer-native.ts'),
  };
}

/**
 * antd's form context (imported by Input, Select and every other field, so by every page) takes only
 * FormProvider from rc-field-form, but the package's index hangs Field, List and useForm on its Form
 * (`RefForm.Field = Field`), writes a bundler must keep: all of rc-field-form and its validator (about
 * 20 KB gzip) came with the first visit of /home, which has no form. The same FormProvider, taken
 * from the module that defines it (issue 21.6).
 */
const antdFormContextOnly: Plugin = {
  name: 'antd-form-context-only',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 'rc-field-form' && importer && /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer))
      return this.resolve('rc-field-form/es/FormContext', importer, { skipSelf: true });
    return null;
  },
};

const DYNAMIC_CSS = /[\\/]rc-util[\\/]es[\\/]Dom[\\/]dynamicCSS\.js$/;

/**
 * rc-util's dynamicCSS (antd's css-in-js writes its style elements through it) as
 * src/runtime/theme/dynamic-css.ts, which remembers what it wrote (issue 21.3, 21.4): every import
 * of it, by package path (@ant-design/cssinjs) or relative (rc-util's own), but the wrapper's.
 */
function resolveDynamicCss(root: string): Plugin {
  const wrapper = path.join(root, 'src/runtime/theme/dynamic-css.ts');
  return {
    name: 'resolve-dynamic-css',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.includes('dynamicCSS') || !importer || importer === wrapper) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && DYNAMIC_CSS.test(resolved.id) ? wrapper : null;
    },
  };
}

/** The console's resolution plugins, in the order the builds list them (after React's). */
export function resolutionPlugins(root: string): Plugin[] {
  return [antdFormContextOnly, resolveDynamicCss(root)];
}
