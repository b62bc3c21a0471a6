// A readable difference between two versions of a page: their JSON, line by line (the `diff` library).

import { pageText } from '@ride-console/runtime/studio';
import { Typography } from 'antd';
import { diffLines } from 'diff';
import { useStudioText } from './texts';

/** A definition as its page file holds it: what the editor shows, a diff compares and a download saves. */
export const pretty = (definition: unknown): string => pageText(definition);

export function VersionDiff({ before, after }: { before: unknown; after: unknown }) {
  const t = useStudioText();
  const parts = diffLines(pretty(before), pretty(after));
  if (parts.every((part) => !part.added && !part.removed)) return <Typography.Text>{t('noChange')}</Typography.Text>;
  return (
    <pre data-testid="studio-diff" style={{ fontSize: 12, maxHeight: 520, overflow: 'auto', margin: 0 }}>
      {parts.map((part, index) => {
        const mark = part.added ? '+' : part.removed ? '-' : ' ';
        const lines = part.value.replace(/\n$/, '').split('\n');
        // Long unchanged stretches are cut to their ends, so the changes stay in sight.
        const shown =
          !part.added && !part.removed && lines.length > 6 ? [...lines.slice(0, 2), '…', ...lines.slice(-2)] : lines;
        return (
          <div
            key={index}
            style={{
              background: part.added ? 'rgba(82,196,26,0.15)' : part.removed ? 'rgba(255,77,79,0.15)' : undefined,
            }}
          >
            {shown.map((line) => `${mark} ${line}`).join('\n')}
          </div>
        );
      })}
    </pre>
  );
}
