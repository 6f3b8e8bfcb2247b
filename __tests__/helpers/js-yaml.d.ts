// js-yaml 3 ships no types; the README check uses this one function of it.
declare module 'js-yaml' {
  export function safeLoad(text: string): unknown;
}
