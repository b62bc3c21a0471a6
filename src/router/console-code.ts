// The signed-in console's code (the layout, antd, the runtime), loaded once. /login starts it as soon as the person is
// in a sign-in form, so it arrives while they type and while the token is asked for, not after sign-in is pressed;
// /login itself, drawn before any of that, stays without it. A failed load is forgotten, so the next try loads again.
// The runtime's and the custom views' texts are asked for beside the code, so the first screen is drawn with them.
import { loadRuntimeTexts } from '@ride-console/runtime/shell';
import { loadViewTexts } from '../views/view-texts';

let loading: Promise<typeof import('../layout/MainLayout')> | undefined;

export function loadConsole(): Promise<typeof import('../layout/MainLayout')> {
  loading ??= Promise.all([import('../layout/MainLayout'), loadRuntimeTexts(), loadViewTexts()]).then(
    ([layout]) => layout,
    (failure: unknown) => {
      loading = undefined;
      throw failure;
    },
  );
  return loading;
}

/** For a focus handler: starts the load, leaving its failure to the route that draws the console. */
export function prepareConsole(): void {
  loadConsole().catch(() => undefined);
}

/** Once signed in: asks for the menu at once, beside the layout's first drawing instead of after it. */
export function startConsole(): void {
  import('../menu/menu-store').then(
    ({ menuStore }) => menuStore.load(),
    () => undefined,
  );
}
