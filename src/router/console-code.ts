// The signed-in console's code (the layout, antd, the runtime), loaded once. /login starts it as soon as the person is
// in a sign-in form, so it arrives while they type and while the token is asked for, not after sign-in is pressed;
// /login itself, drawn before any of that, stays without it. A failed load is forgotten, so the next try loads again.
// The runtime's and the custom views' texts are asked for beside the code, so the first screen is drawn with them.
import { loadRuntimeTexts, readyLazy } from '@ride-console/runtime/shell';
import { withChunkTimeout } from '../errors/chunk-load';
import { loadViewTexts } from '../views/view-texts';

let loading: Promise<typeof import('../layout/MainLayout')> | undefined;

function loadConsole(): Promise<typeof import('../layout/MainLayout')> {
  loading ??= Promise.all([
    import('../layout/MainLayout'),
    // Most screens, the home screen too, are definition screens: their code loads beside the layout's (while the
    // person signs in, or as a reload starts), and the console is drawn with it at hand.
    import('@ride-console/runtime').then((runtime) => runtime.prepareDefinitionPage()),
    loadRuntimeTexts(),
    loadViewTexts(),
  ]).then(
    ([layout]) => layout,
    (failure: unknown) => {
      loading = undefined;
      throw failure;
    },
  );
  return loading;
}

const layout = readyLazy(() => withChunkTimeout(loadConsole));

/** The signed-in console, drawn at once when its code is already here (a reload that prepared it). */
export const ConsoleLayout = layout.Component;

/** Starts the load, leaving its failure to the route that draws the console; settles when the load has. */
export const prepareConsole = layout.prepare;

/**
 * A reload on `pathname`: starts the load, and settles once it has and the definition of the screen there (if it is
 * one) has been read, so the console's first drawing holds that screen.
 */
export async function prepareConsoleAt(pathname: string): Promise<void> {
  await prepareConsole();
  // Both are loaded by now (or failed, and are asked for again): imported here, they add no chunk of their own.
  const [{ definitionAhead }, { prepareScreen }] = await Promise.all([loadConsole(), import('@ride-console/runtime')]);
  const pageId = definitionAhead(pathname);
  if (pageId !== undefined) await prepareScreen(pageId);
}

/** Once signed in: asks for the menu at once, beside the layout's first drawing instead of after it. */
export function startConsole(): void {
  import('../menu/menu-store').then(
    ({ menuStore }) => menuStore.load(),
    () => undefined,
  );
}
