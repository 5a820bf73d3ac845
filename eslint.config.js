import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'dist-cli/', 'node_modules/', 'coverage/', 'out/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/multi-word-component-names': 'off',
      'vue/no-v-html': 'error',
    },
  },
  {
    // The pure layers run in Node, browsers and workers alike.
    files: ['src/rules/**', 'src/engine/**', 'src/ai/**', 'src/distance/**', 'src/generated/**', 'src/rulesets/**', 'src/scenario/**', 'src/pdf/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'vue', 'pinia', '@svgdotjs/*'] }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use the seeded generator in src/rules/random.ts.' }],
    },
  },
);
