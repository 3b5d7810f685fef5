import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/.next/**", "node_modules/**", "drizzle/**", "public/vendor/**", "public/scan/ocr/**", ".data/**", "next-env.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": "off",
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly", clearTimeout: "readonly" } },
  },
  {
    // The installable webhook verifier: plain Node ESM, Buffer is a global there.
    files: ["packages/verify-webhook/**/*.js"],
    languageOptions: { globals: { Buffer: "readonly" } },
  },
  {
    // The bare-Next benchmark baseline: route handlers in plain JS (no tsconfig of its own).
    files: ["bench/http/bare-next/**/*.js"],
    languageOptions: { globals: { Response: "readonly", URL: "readonly" } },
  },
);
