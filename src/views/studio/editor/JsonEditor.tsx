// The studio's code editor: CodeMirror 6 with JSON and what json-language.ts knows about pages. It loads with the
// studio screen only, so no operator's screen carries it.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, indentOnInput } from '@codemirror/language';
import { lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { type ExtraCompletion, pageLanguage } from './json-language';

export interface JsonEditorProps {
  value: string;
  onChange: (text: string) => void;
  lang: 'zh' | 'en';
  /** `pages/system/param.json`: what the editor's document is called. */
  file: string;
  /** Names the server knows, offered beside the schema's. */
  extraCompletions?: ExtraCompletion[];
  label: string;
}

export default function JsonEditor({ value, onChange, lang, file, extraCompletions = [], label }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const extra = useRef(extraCompletions);
  extra.current = extraCompletions;

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          history(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          json(),
          pageLanguage(lang, file, () => extra.current),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
          EditorView.theme({ '&': { height: '100%', fontSize: '13px' }, '.cm-scroller': { overflow: 'auto' } }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor is made once per page and language; later values arrive through the effect below.
  }, [lang, file, label]);

  // A change made outside the editor (the columns form, a rollback) replaces its text.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} style={{ height: '100%', border: '1px solid rgba(128,128,128,0.3)' }} />;
}
