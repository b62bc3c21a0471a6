// What `npm run widget:new` writes for each kind: a small working component that reads its options, the declaration of
// those options (runtime/schema/options.schema.json: a Chinese and an English description and an example each, as
// tests/schema/descriptions.test.ts asks), a render test, and how a page names it.

interface WidgetTemplate {
  component: string;
  options: object;
  test: string;
  usage: string;
}

const option = (type: object, zh: string, en: string, example: unknown) => ({
  ...type,
  description: zh,
  'x-description-en': en,
  examples: [example],
});

export function widgetTemplates(name: string, component: string): Record<'cell' | 'form' | 'action', WidgetTemplate> {
  return {
    cell: {
      component: `// The "${name}" formatter: a score as stars out of \`max\`. Its options are declared in runtime/schema/options.schema.json.
import type { Formatter } from '@ride-console/runtime/widgets';

function stars(value: unknown, options: Record<string, unknown>): string {
  const max = typeof options.max === 'number' ? options.max : 5;
  const score = Math.max(0, Math.min(max, Math.round(Number(value) || 0)));
  return '★'.repeat(score) + '☆'.repeat(max - score);
}

export const ${name}Format: Formatter = {
  Cell: ({ value, options }) => <span>{stars(value, options)}</span>,
  // What an Excel export writes for the cell.
  text: (value, options) => stars(value, options),
};
`,
      options: {
        type: 'object',
        additionalProperties: false,
        properties: {
          max: option(
            { type: 'integer', minimum: 1, maximum: 10 },
            '满分的星数，默认 5',
            'How many stars a full score has; 5 unless given',
            5,
          ),
        },
      },
      test: `import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ${name}Format } from '../../../src/widgets/${name}/${component}';

const { Cell } = ${name}Format;

describe('the ${name} formatter', () => {
  it('shows a score as stars out of its max, in the cell and in an export', () => {
    render(<Cell value={3} row={{}} options={{ max: 4 }} />);
    expect(screen.getByText('★★★☆')).toBeTruthy();
    expect(${name}Format.text?.(7, {}, { lang: 'zh', provider: undefined as never })).toBe('★★★★★');
  });
});
`,
      usage: `A column names it: { "field": "score", "label": { "zh": "评分", "en": "Score" }, "format": { "name": "${name}", "max": 5 } }`,
    },
    form: {
      component: `// The "${name}" form widget: a text input that can keep what is typed in capitals (a plate or a device number).
// Its options are declared in runtime/schema/options.schema.json.
import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';

export function ${component}Widget({ id, value, disabled, readonly, options, onChange, onBlur, onFocus }: WidgetProps) {
  const capitals = options.capitals === true;
  return (
    <Input
      id={id}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled || readonly}
      onChange={(event) => {
        const text = capitals ? event.target.value.toUpperCase() : event.target.value;
        onChange(text === '' ? undefined : text);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
`,
      options: {
        type: 'object',
        additionalProperties: false,
        properties: {
          capitals: option(
            { type: 'boolean' },
            '为 true 时输入的字母变为大写',
            'When true, the letters typed are kept in capitals',
            true,
          ),
        },
      },
      test: `import type { WidgetProps } from '@rjsf/utils';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ${component}Widget } from '../../../src/widgets/${name}/${component}';

function Field({ options }: { options: Record<string, unknown> }) {
  const [value, setValue] = useState<string>();
  const props = { id: 'plate', value, options, onChange: setValue, onBlur: () => {}, onFocus: () => {} };
  return <${component}Widget {...(props as unknown as WidgetProps)} />;
}

describe('the ${name} widget', () => {
  it('keeps what is typed in capitals when its options say so', async () => {
    render(<Field options={{ capitals: true }} />);
    await userEvent.type(screen.getByRole('textbox'), 'sh-a12');
    expect(screen.getByRole('textbox')).toHaveProperty('value', 'SH-A12');
  });

  it('keeps it as typed otherwise', async () => {
    render(<Field options={{}} />);
    await userEvent.type(screen.getByRole('textbox'), 'sh-a12');
    expect(screen.getByRole('textbox')).toHaveProperty('value', 'sh-a12');
  });
});
`,
      usage: `A form field names it: "fields": { "plate": { "widget": "${name}", "options": { "capitals": true } } }`,
    },
    action: {
      component: `// The "${name}" action: a dialog listing a field of the row it was started from (or of the ticked rows).
// Its options are declared in runtime/schema/options.schema.json.
import { Modal } from 'antd';
import { type ActionProps, type Label, useLabel } from '@ride-console/runtime/widgets';

export default function ${component}Action({ row, rows, options, onClose }: ActionProps) {
  const label = useLabel();
  const field = typeof options.field === 'string' ? options.field : 'id';
  const chosen = row ? [row] : rows;
  return (
    <Modal open title={label(options.title as Label)} onOk={() => onClose(false)} onCancel={() => onClose(false)}>
      <ul>
        {chosen.map((each, index) => (
          <li key={String(each.id ?? index)}>{String(each[field] ?? '')}</li>
        ))}
      </ul>
    </Modal>
  );
}
`,
      options: {
        type: 'object',
        additionalProperties: false,
        required: ['title'],
        properties: {
          title: option(
            {
              type: 'object',
              additionalProperties: false,
              required: ['zh', 'en'],
              properties: {
                zh: option({ type: 'string' }, '中文标题', 'The title in Chinese', '打印标签'),
                en: option({ type: 'string' }, '英文标题', 'The title in English', 'Print labels'),
              },
            },
            '对话框的标题，中英文各一份',
            "The dialog's title, in Chinese and English",
            { zh: '打印标签', en: 'Print labels' },
          ),
          field: option({ type: 'string' }, '列出的行字段，默认 id', "The row's field listed; id unless given", 'name'),
        },
      },
      test: `import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ${component}Action from '../../../src/widgets/${name}/${component}';
import { Providers } from '../../runtime/support';

describe('the ${name} action', () => {
  it('lists the chosen field of the row under its title', async () => {
    render(
      <Providers>
        <${component}Action
          row={{ id: 7, name: 'A-0107' }}
          rows={[]}
          options={{ title: { zh: '打印标签', en: 'Print labels' }, field: 'name' }}
          onClose={() => {}}
        />
      </Providers>,
    );
    expect(await screen.findByText('打印标签')).toBeTruthy();
    expect(screen.getByText('A-0107')).toBeTruthy();
  });
});
`,
      usage: `A row action names it: { "id": "${name}", "label": { "zh": "打印标签", "en": "Print labels" }, "permission": "…", "action": "${name}", "options": { "title": { "zh": "打印标签", "en": "Print labels" }, "field": "name" } }`,
    },
  };
}
