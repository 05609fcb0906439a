import tseslint from 'typescript-eslint';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/', 'storybook-static/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', '.generated/', 'locales/'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile, 'react-hooks': reactHooks },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{engine,products,site,server,schemas,stories,tests,tools}/**/': 'KEBAB_CASE' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Function']", message: 'No new Function: the site CSP forbids unsafe-eval.' },
        { selector: "CallExpression[callee.name='eval']", message: 'No eval: the site CSP forbids unsafe-eval.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@lingui/*/macro', '@lingui/macro'], message: 'No Lingui macros: products run on the server under tsx without babel; use explicit ids with i18n._(id).' },
            { group: ['react-router-dom'], message: 'Import from react-router (v7 folds react-router-dom into it).' },
          ],
        },
      ],
    },
  },
  {
    files: ['products/*/index.ts', 'site/**/index.ts'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'ExportAllDeclaration', message: 'No barrel re-exports in products/ or site/.' }] },
  },
);
