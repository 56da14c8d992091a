// ESLint (flat config): correctness rules for TypeScript and React hooks. Formatting is Prettier's job.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layering of DESIGN.md 1, enforced: arrows point down or into the schema core (src/schema),
 * never back up. Each entry: the files, and what they must not import. Pinned by
 * tests/unit/schemas/layering.test.ts.
 */
const SERVER = ['**/server/**', '@server/*'];
const BROWSER = [
  '**/renderer/**',
  '**/runtime/**',
  '**/host/**',
  '**/apps/**',
  '**/print/**',
  '@/renderer/*',
  '@/runtime/*',
  '@/host/*',
  '@/apps/*',
  '@/print/*',
];
const NODE_CORE = ['**/schema/node/**', '@/schema/node/*'];
const LAYERS = [
  {
    files: ['src/schema/**'],
    banned: [...SERVER, ...BROWSER],
    message: 'The schema core (src/schema) imports none of the layers that use it.',
  },
  {
    files: ['src/**'],
    ignores: ['src/schema/**'],
    banned: [...SERVER, ...NODE_CORE],
    message: 'The browser never imports server code or the Node-only part of the schema core.',
  },
  {
    files: ['server/**'],
    banned: BROWSER,
    message: 'The server imports the schema core (src/schema), never the browser layers.',
  },
  {
    files: ['scripts/**', 'vite.config.ts'],
    // These two check the schemas against the real server and a migrated database, by design.
    ignores: ['scripts/lint-schemas/check-endpoints.ts', 'scripts/lint-schemas/check-database.ts'],
    banned: SERVER,
    message: 'Codegen, lint and the build import the schema core (src/schema), not the server.',
  },
];

function layering() {
  return LAYERS.map(({ files, ignores, banned, message }) => ({
    files: files.map((f) => (f.endsWith('/**') ? `${f}/*.{ts,tsx,mjs,js}` : f)),
    ...(ignores ? { ignores } : {}),
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: banned, message }] }] },
  }));
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'data/',
      'coverage/',
      'src/generated/',
      'tests/snapshots/',
      'bench/results/',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...layering(),
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
