import {
  clearContainerCache,
  injectCSS,
  removeCSS as rcRemoveCSS,
  updateCSS as rcUpdateCSS,
} from 'rc-util/es/Dom/dynamicCSS';

/**
 * rc-util's dynamicCSS, through which antd's css-in-js writes its `<style>` elements, with one
 * difference: `updateCSS` remembers what it wrote. antd calls it each time a component instance
 * mounts (the insertion effect of every style a component registers), and each call looked for the
 * element among all the children of `<head>` (a list page has about 150) and read its whole text
 * back (`innerHTML`, a copy of up to tens of KB) to compare it with the text it was given. A list's
 * rows mount dozens of buttons, checkboxes and icons, each paying that for styles written long
 * before (docs/decisions.md, "antd's styles written once per key").
 *
 * Here the element last written for a key, where it was put and the text it was given are kept: the
 * same key with the same text, its element still in place (and the same nonce), returns that element
 * at once. Everything else goes to rc-util's own function, and is kept from then on: a new key, new
 * text, an element that antd's token clean-up (or anything else) took out of the document.
 * vite.config.ts sends every import of rc-util's module here (resolveDynamicCss in scripts/vite-resolve.ts), this module's own
 * import excepted.
 */
type Options = NonNullable<Parameters<typeof rcUpdateCSS>[2]>;
type Container = NonNullable<Options['attachTo']>;

interface Written {
  node: HTMLElement;
  parent: ParentNode | null;
  css: string;
}

/** Per container (antd's, or the document's head), per mark and key. */
const written = new WeakMap<Container | Document, Map<string, Written>>();

function entries(option: Options): Map<string, Written> {
  const container = option.attachTo ?? document;
  let map = written.get(container);
  if (!map) written.set(container, (map = new Map()));
  return map;
}

const keyOf = (key: string, option: Options) => `${option.mark ?? ''}\u0000${key}`;

export function updateCSS(css: string, key: string, option: Options = {}): HTMLElement {
  const map = entries(option);
  const id = keyOf(key, option);
  const last = map.get(id);
  const nonce = option.csp?.nonce;
  if (
    last &&
    last.css === css &&
    last.node.isConnected &&
    last.node.parentNode === last.parent &&
    (!nonce || last.node.nonce === nonce)
  )
    return last.node;
  const node = rcUpdateCSS(css, key, option);
  map.set(id, { node, parent: node.parentNode, css });
  return node;
}

export function removeCSS(key: string, option: Options = {}): void {
  entries(option).delete(keyOf(key, option));
  rcRemoveCSS(key, option);
}

export { clearContainerCache, injectCSS };
