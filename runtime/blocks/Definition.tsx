// What a figure counts, behind an info mark next to its name (a card's title, a report column's header): shown on
// hover and on keyboard focus, and read out by screen readers, in the console's language.
import { InfoCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useLabel, useRuntimeText } from '../i18n/label';
import type { Label } from '../schema/types';

export function Definition({ of, text }: { of: Label; text: Label | undefined }) {
  const label = useLabel();
  const t = useRuntimeText();
  if (!text) return null;
  const said = label(text);
  return (
    <Tooltip title={said} trigger={['hover', 'focus']}>
      {/* A click on the mark explains; it neither opens the card's list nor sorts the column. */}
      <button
        type="button"
        className="figure-definition"
        aria-label={t('definitionOf', { name: label(of) })}
        style={{
          marginInlineStart: 4,
          padding: 0,
          border: 'none',
          background: 'none',
          color: 'inherit',
          font: 'inherit',
          cursor: 'help',
        }}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
      >
        <InfoCircleOutlined />
      </button>
    </Tooltip>
  );
}
