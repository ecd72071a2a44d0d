// The generated domains: one side-effect import a line, in name order, each registering itself
// (registry.ts). The code generator's patch adds its line here (docs/online-development.md,
// "Code generation"); nothing else is written in this file.
export {};
