// ESLint: typescript-eslint's type-checked rules for the TypeScript (they catch floating promises,
// unused code and values of unknown type reaching code that trusts them), the recommended rules for
// the scripts; Prettier formats, and eslint-config-prettier turns off what it decides. `npm run lint`.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'coverage/',
      '.data/',
      '.scratch/',
      '.venv/',
      '.bench-builds/',
      'tools/**/target/',
      'src/metadata.ts',
      'clients/typescript/src/schema.ts',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // An `async` method without `await` is how a Nest service turns a throw into a rejection and
      // keeps the interface it implements: not a mistake here.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // An ObjectId in a template is its hex string: ids in keys and messages.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allow: [
            { name: 'ObjectId', from: 'package', package: 'bson' },
            { name: 'ObjectId', from: 'package', package: 'mongodb' },
            { name: 'ObjectId', from: 'package', package: 'mongoose' },
          ],
        },
      ],
    },
  },
  {
    // Small modules with one purpose: a file past 250 lines or a function past 60 holds more than one.
    files: ['src/**/*.ts', 'libs/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.fixture.ts'],
    rules: {
      'max-lines': ['error', { max: 250 }],
      'max-lines-per-function': ['error', { max: 60 }],
    },
  },
  {
    // Tests read JSON answers (supertest's `body` is `any` by nature) and assert on their values:
    // typing every answer would add nothing the assertions do not check.
    files: ['test/**/*.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }] },
  },
  {
    files: ['**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { sourceType: 'module', globals: globals.node },
  },
  {
    // Run by mongosh, whose globals these are.
    files: ['docker/mongo-sharding.js'],
    languageOptions: { globals: { db: 'readonly', sh: 'readonly', printjson: 'readonly' } },
  },
  prettier,
);
