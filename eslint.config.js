// @ts-check
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Boundaries (ARCHITECTURE §2): domain imports nothing of the project; the web never imports the
 * server; a web feature never imports another feature (shared code goes to ui/ or lib/); a server
 * module reaches another module only through its service, never its repository.
 */
const featureZones = [
  'content',
  'notifications',
  'identity',
  'cards',
  'orders',
  'merchants',
  'delivery-points',
  'card-printing',
  'spend-rules',
  'people',
  'contracts',
  'companies',
  'drafts',
  'bulk',
  'payments',
  'card-issue',
  'back-office',
  'recurring',
  'disputes',
  'invoices',
].map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: './web/src/features',
  except: [`./${feature}`],
  message: 'A web feature never imports another feature; move shared code to web/src/ui or web/src/lib.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.cache/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { import: importPlugin },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true },
      ],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './domain',
              from: ['./server', './web', './e2e', './bench'],
              message: 'domain/ imports nothing of the project.',
            },
            { target: './web', from: './server', message: 'The web client never imports server code.' },
            { target: './server', from: './web', message: 'The server never imports web code.' },
            ...featureZones,
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // A module's public face is its index.ts; only a schema file may be named (foreign keys, Drizzle).
              regex: '(^|/)modules/[^/]+/(?!schema(\\.ts)?$)[^/]+',
              message: "Import another module through its index.ts (e.g. '../cards'), never its files.",
            },
          ],
        },
      ],
    },
  },
  {
    // Inside a module: its own files freely (`./x`); a sibling only through its index.ts (`../other`),
    // or its schema file for a foreign key (`../other/schema`, ADR 014).
    files: ['server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!schema(\\.ts)?$)[^/]+',
              message: "Import another module through its index.ts (e.g. '../cards'), never its files.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
