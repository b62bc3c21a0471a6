// Stands in for markdown-to-jsx, which rjsf imports for descriptions and help written in Markdown. The runtime never
// turns that on (no `enableMarkdownInDescription` / `enableMarkdownInHelp`): a description is plain text, so the form
// dialog does without the parser's ~28 KB of gzipped JavaScript. Vite maps `markdown-to-jsx/react` here.
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
