import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web app's boundaries (docs/decisions/0034-web-boundaries.md, 0054-trip-as-one-room.md): no feature imports
// another feature (what two features share is shared code, lib/ or components/, or the app composes them); no file
// imports its own feature's entry (features/<name>/index.ts: inside a feature, siblings by relative path); shared code
// (lib/, components/) imports no feature and not the app; features do not import the app. app/, ssr/, boot.tsx and
// main.tsx compose the features: through their entry, and the router's lazy pages by their files. Every folder of
// src/features is a feature, read here so a new one is guarded the day it appears.
const WEB = 'apps/web/src';
const FEATURES = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const featureZones = FEATURES.flatMap((name) => [
  {
    target: `${WEB}/features/${name}`,
    from: `${WEB}/features`,
    except: [`./${name}`],
    message: 'A feature imports no other feature: share through lib/ or components/, or compose both in app/ (decision 0054).',
  },
  {
    target: `${WEB}/features/${name}`,
    from: `${WEB}/features/${name}/index.ts`,
    message: "Inside a feature, import the sibling file by relative path, not the feature's own entry (decision 0054).",
  },
]);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '**/.tmp/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      // No circle in the web app's imports (decision 0054) is scripts/import-cycles.mjs's, in `npm run check`:
      // import/no-cycle took 95 of ESLint's 132 s on a fresh clone.
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...featureZones,
            {
              target: [`${WEB}/lib`, `${WEB}/components`],
              from: [`${WEB}/features`, `${WEB}/app`],
              message: 'Shared code serves the features and the app; it imports neither (decision 0034).',
            },
            {
              target: `${WEB}/features`,
              from: `${WEB}/app`,
              message: 'The app composes the features; a feature does not import the app (decision 0034).',
            },
          ],
        },
      ],
    },
  },
  {
    // One way to write (decision 0058): every call that changes something goes through lib/use-write.ts.
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/lib/use-write.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation', 'MutationObserver', 'useMutationState', 'useIsMutating'],
              message: 'Write through lib/use-write.ts (useWrite), the one way to write (decision 0058).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/*.mjs', 'apps/server/src/cli/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Only config.ts reads the environment.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings through config.ts.' }],
    },
  },
);
