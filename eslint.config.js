import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries (docs/decisions/013-import-boundaries.md). Three layers, imports point down:
 *   src/app/{client,server}            composition roots: router and pages, HTTP app, server, jobs
 *   src/features/<name>                 the product's features
 *   src/client, src/server, src/common  primitives: UI kit and API client, database, plugins, mail,
 *                                       payments, and the code both sides share
 * A feature imports another one only through its public entries: <name>/index.ts (server and
 * browser), <name>/server/index.ts, <name>/ui/index.ts. Cycles between features are caught by
 * tests/unit/feature-graph.test.ts.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const PUBLIC_ENTRIES = ['index.ts', 'server/index.ts', 'ui/index.ts'];

const boundaryZones = [
  {
    target: ['./src/client', './src/server', './src/common'],
    from: ['./src/features', './src/app'],
    message: 'Primitives (src/client, src/server, src/common) sit below the features and the app: take what you need as a parameter, or move the piece down.',
  },
  {
    target: './src/common',
    from: ['./src/client', './src/server'],
    message: 'src/common runs in the browser and on the server: it may not import either side.',
  },
  { target: './src/client', from: './src/server', message: 'Browser code may not import server code.' },
  { target: './src/server', from: './src/client', message: 'Server code may not import browser code.' },
  {
    target: './src/features',
    from: './src/app',
    message: 'Features sit below the app (src/app): the app passes in what a feature needs.',
  },
  ...FEATURES.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`, ...FEATURES.filter((other) => other !== name).flatMap((other) => PUBLIC_ENTRIES.map((entry) => `./${other}/${entry}`))],
    message: `Import another feature only through its public entry: features/<name>, features/<name>/server or features/<name>/ui (index.ts).`,
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'src/server/db/migrations', '.stryker-tmp', 'reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }] },
  },
  {
    files: ['src/app/client/**/*.{ts,tsx}', 'src/client/**/*.{ts,tsx}', 'src/features/*/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
