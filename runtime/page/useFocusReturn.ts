// The runtime's dialogs and drawers are drawn while open and removed when closed, so antd's own focus return (which
// runs after its closing motion) never happens. This puts the focus back on what opened the dialog, for the keyboard.
import { useLayoutEffect } from 'react';

export function useFocusReturn(): void {
  useLayoutEffect(() => {
    // Still the opener: the dialog moves the focus into itself only after this first layout.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    return () => {
      // After the removal the focus is on the page's body; a dialog opened from this one keeps its own.
      requestAnimationFrame(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && opener?.isConnected) opener.focus();
      });
    };
  }, []);
}
