// The list's own parts (row buttons, ticks, fixed columns) are drawn by plain markup and a stylesheet of their own
// instead of antd components, which cost a 200-row list most of the frame after its rows: each stylesheet is added to
// the page once, when the first list needs it.
const installed = new Set<string>();

export function installStyle(name: string, css: string): void {
  if (installed.has(name)) return;
  installed.add(name);
  const style = document.createElement('style');
  style.dataset.console = name;
  style.textContent = css;
  document.head.append(style);
}
