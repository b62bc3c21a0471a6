// A small rich-text editor (bold, italic, list) on contentEditable; loaded only by forms that use it. A stored value
// is shown, and what the editor sends is kept, to the rich-text allowlist (runtime/rich-text/allowlist.ts): the value
// comes from the server, but anyone may have written it, so it is never handed to the page as it is.
import type { WidgetProps } from '@rjsf/utils';
import { Button, Space } from 'antd';
import { type ClipboardEvent, useEffect, useRef } from 'react';
import { richText } from '../../rich-text/purify';

const commands = [
  ['bold', 'B'],
  ['italic', 'I'],
  ['insertUnorderedList', '•'],
] as const;

const allowlist = richText(window);

export default function RichTextEditor(props: WidgetProps) {
  const area = useRef<HTMLDivElement>(null);
  // The value the editor last showed or sent: one it sent itself comes back as props.value, and drawing it again
  // would move the caret to the start.
  const shown = useRef<string | undefined>(undefined);
  const locked = props.disabled || props.readonly;
  useEffect(() => {
    if (!area.current || props.value === shown.current) return;
    shown.current = props.value;
    area.current.replaceChildren(allowlist.nodes(props.value ?? ''));
  }, [props.value]);
  const current = () => (area.current ? allowlist.clean(area.current.innerHTML) || undefined : undefined);
  const emit = () => {
    shown.current = current();
    props.onChange(shown.current);
  };
  // Pasted markup (a web page, a mail) goes in as the allowlist keeps it, so the editor never shows what a save drops.
  const paste = (event: ClipboardEvent<HTMLDivElement>) => {
    const html = event.clipboardData.getData('text/html');
    if (!html) return;
    event.preventDefault();
    document.execCommand('insertHTML', false, allowlist.clean(html));
    emit();
  };
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      {!locked && (
        <Space style={{ padding: 4, borderBottom: '1px solid #f0f0f0' }}>
          {commands.map(([command, text]) => (
            <Button
              key={command}
              size="small"
              onMouseDown={(event) => {
                event.preventDefault();
                document.execCommand(command);
                emit();
              }}
            >
              {text}
            </Button>
          ))}
        </Space>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: formatted text needs contentEditable, which a textarea cannot hold */}
      <div
        id={props.id}
        role="textbox"
        aria-multiline
        tabIndex={0}
        ref={area}
        contentEditable={!locked}
        style={{ minHeight: 160, padding: 8, outline: 'none' }}
        onInput={emit}
        onPaste={paste}
        onBlur={() => props.onBlur(props.id, current())}
      />
    </div>
  );
}
