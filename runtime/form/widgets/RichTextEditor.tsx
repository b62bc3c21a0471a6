// A small rich-text editor (bold, italic, list, link) on contentEditable; loaded only by forms that use it.
import type { WidgetProps } from '@rjsf/utils';
import { Button, Space } from 'antd';
import { useEffect, useRef } from 'react';

const commands = [
  ['bold', 'B'],
  ['italic', 'I'],
  ['insertUnorderedList', '•'],
] as const;

export default function RichTextEditor(props: WidgetProps) {
  const area = useRef<HTMLDivElement>(null);
  const locked = props.disabled || props.readonly;
  useEffect(() => {
    if (area.current && area.current.innerHTML !== (props.value ?? '')) area.current.innerHTML = props.value ?? '';
  }, [props.value]);
  const emit = () => props.onChange(area.current?.innerHTML || undefined);
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
        onBlur={() => props.onBlur(props.id, area.current?.innerHTML)}
      />
    </div>
  );
}
