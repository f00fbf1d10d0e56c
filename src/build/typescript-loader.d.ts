// src/build/typescript-loader.js is imported for its effect only (it registers the TypeScript hooks).
export {};
