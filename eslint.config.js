// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CODE = ['src', 'stack', 'tests', 'scripts', 'bench'].map((dir) => `${dir}/**/*.{ts,tsx}`);

// Read on every run, so a new feature or panel folder is fenced in without touching this file.
const folders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = folders('src/features');
const panels = folders('src/panels');

/** The layout's import boundaries (ARCHITECTURE.md, "Imports flow one way"). */
const boundaries = [
  {
    target: ['./src/ui', './src/lib'],
    from: ['./src/features', './src/panels'],
    message: 'src/ui and src/lib know no feature or panel: move the shared piece into ui/ or lib/, or compose it in src/app.',
  },
  {
    target: ['./src/ui', './src/lib'],
    from: './src/app',
    message: 'src/ui and src/lib sit below src/app: pass what they need in as props or arguments.',
  },
  {
    target: ['./src/ui', './src/lib'],
    from: './src/data',
    message: 'src/ui and src/lib sit below src/data: src/data reads through src/lib, and the screens pass its answers to src/ui as props.',
  },
  {
    target: './src/data',
    from: ['./src/ui', './src/features', './src/panels', './src/app'],
    message: 'src/data sits below the screens: it imports only src/lib and src/types (the lookup option type is src/lib/lookup-option.ts).',
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: `features/${feature} must not reach into another feature: compose them in src/app or lift the shared piece into src/ui or src/lib.`,
  })),
  {
    target: './src/features',
    from: './src/panels',
    message: 'A domain knows no panel: a panel shows the domain, compose them in src/app.',
  },
  ...panels.map((panel) => ({
    target: `./src/panels/${panel}`,
    from: ['./src/panels', './src/features'],
    except: [`./${panel}`],
    message: `panels/${panel} must not reach into another panel or a domain's files: compose them in src/app (compositions.tsx) or lift the shared piece into src/data, src/ui or src/lib.`,
  })),
  { target: './stack', from: './src', message: 'stack/ never imports the app (src/).' },
  { target: './src', from: './stack', message: 'src/ never imports the local stack: it talks to Supabase only through supabase-js.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      // Deno code, checked by `deno check`/`deno lint` if at all; it resolves imports differently from Node.
      'supabase/functions/',
      'tests/stack/fixture/supabase/functions/',
      'bench/fixture/supabase/functions/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: CODE,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A forgotten await is the classic way to lose an error or race a write.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: [...CODE, '*.{js,ts}'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows only files whose extension is listed here and that this parser can read.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
  {
    // Plain-JS entry points that the stack runs inside Deno, which has the web platform's globals plus Deno.
    files: ['stack/**/deno/**/*.js'],
    languageOptions: { globals: { ...globals.worker, Deno: 'readonly' } },
  },
  {
    files: ['stack/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
