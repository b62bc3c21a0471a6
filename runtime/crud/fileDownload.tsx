// The built-in action "fileDownload": saves the file a row links to under its original name. It has no dialog of its
// own, so it starts the download and closes at once.
import { useEffect } from 'react';
import type { ActionProps } from '../registry';

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export function FileDownloadAction({ row, options, onClose }: ActionProps) {
  const link = textOf(row?.[textOf(options.field) || 'link']);
  const name = textOf(row?.[textOf(options.nameField) || 'originalName']);

  useEffect(() => {
    if (link) {
      const anchor = document.createElement('a');
      anchor.href = link;
      anchor.download = name;
      // A file on another host (a cloud bucket) ignores `download` and opens in a tab instead of replacing the console.
      anchor.target = '_blank';
      anchor.rel = 'noopener';
      anchor.click();
    }
    onClose(false);
  }, [link, name, onClose]);

  return null;
}
