// What the grant dialogs share: the tree and the checked keys loaded together, a confirmation before a save that
// would clear every grant, the save itself, and closing with "changed" after it.
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useViewText, type ViewText } from './texts';

export interface GrantSpec<Trees, Checked> {
  /** Changes when the dialog is for other rows, so the trees and keys are loaded again. */
  key: string;
  load: () => Promise<{ trees: Trees; checked: Checked }>;
  save: (checked: Checked) => Promise<unknown>;
  /** The question asked before saving these keys, when they clear every grant. */
  clears?: (checked: Checked) => ViewText | undefined;
  onClose: (changed: boolean) => void;
}

export function useGrant<Trees, Checked>(spec: GrantSpec<Trees, Checked>) {
  const text = useViewText();
  const { message, modal } = App.useApp();
  const [trees, setTrees] = useState<Trees>();
  const [checked, setChecked] = useState<Checked>();
  const [saving, setSaving] = useState(false);
  // The latest callbacks, so that loading depends on the rows only.
  const latest = useRef(spec);
  latest.current = spec;

  useEffect(() => {
    let current = true;
    latest.current.load().then(
      (loaded) => {
        if (!current) return;
        setTrees(loaded.trees);
        setChecked(loaded.checked);
      },
      () => current && latest.current.onClose(false),
    );
    return () => {
      current = false;
    };
  }, [spec.key]);

  const save = async () => {
    if (checked === undefined) return;
    setSaving(true);
    try {
      await spec.save(checked);
      message.success(text('granted'));
      spec.onClose(true);
    } catch {
      // The request client has already shown the server's message; the dialog stays open with the ticks.
      setSaving(false);
    }
  };

  const confirmThenSave = () => {
    const question = checked === undefined ? undefined : spec.clears?.(checked);
    if (!question) return save();
    modal.confirm({
      title: text('confirmTitle'),
      content: text(question),
      okText: text('ok'),
      cancelText: text('cancel'),
      onOk: save,
    });
  };

  return { trees, checked, setChecked, saving, save: confirmThenSave, text };
}
