// eslint-plugin-jsx-a11y ships no types; eslint.config.js uses only its flat config.
declare module 'eslint-plugin-jsx-a11y';
