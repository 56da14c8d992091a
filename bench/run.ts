import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ESM script without types
import { buildIfStale, buildServerIfStale } from '../scripts/build-if-stale.mjs';
// @ts-expect-error plain ESM script without types
import { ensureChromium } from '../scripts/ensure-chromium.mjs';
import { benchApi } from './api';
import { benchPrintReady } from './print-ready';
import { benchForm } from './form';
import { benchInteraction } from './interaction';
import { type Figure, toMarkdown, writeResults } from './lib/report';
import { benchListRender } from './list-render';
import { benchBrowserMemory } from './memory-browser';
import { benchServerMemory } from './memory-server';
import { benchScale } from './scale';
import { benchStartup } from './startup';
import { benchTestSuite } from './test-suite';
import { benchWeight } from './weight';

/**
 * `npm run bench [-- name …]`: runs the benchmarks (all by default), prints the table and writes
 * bench/results/latest.json and latest.md. Not a test: nothing here fails on a slow figure.
 */
const benches: Record<string, () => Promise<Figure[]>> = {
  weight: benchWeight,
  api: benchApi,
  startup: benchStartup,
  memory: benchServerMemory,
  'list-render': benchListRender,
  interaction: benchInteraction,
  form: benchForm,
  'memory-browser': benchBrowserMemory,
  'print-ready': benchPrintReady,
  scale: benchScale,
  'test-suite': benchTestSuite,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length ? wanted : Object.keys(benches);
// The server-only benchmarks need neither the browser nor the built front end (a build takes minutes).
const SERVER_ONLY = new Set(['api', 'scale', 'memory', 'test-suite']);
if (names.some((n) => !SERVER_ONLY.has(n))) {
  ensureChromium();
  buildIfStale({ quiet: true });
}
await buildServerIfStale({ quiet: true });
const figures: Figure[] = [];
for (const name of names) {
  const bench = benches[name];
  if (!bench) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(benches).join(', ')}`);
  const started = Date.now();
  console.log(`── ${name}`);
  try {
    figures.push(...(await bench()));
  } catch (error) {
    figures.push({
      bench: name,
      metric: 'run',
      value: Number.NaN,
      unit: '',
      note: `failed: ${String(error)}`,
    });
  }
  console.log(`   ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
const meta = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? ''}`,
  node: process.version,
  load: os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' '),
};
console.log(`\n${toMarkdown(figures, meta)}`);
writeResults(path.resolve(import.meta.dirname, 'results'), figures, meta, wanted.length ? names : undefined);
// A benchmark that failed half-way may leave a child (a server still starting) holding the event loop.
process.exit(0);
