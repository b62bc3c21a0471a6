// Figures of the low-code runtime for `npm run bench`: bundle sizes from dist/, and the render cost of a 200-row list
// through the runtime against the same list written by hand.
import { bundleFigures } from './bundle';
import { renderFigures } from './render';

export async function benchRuntime(): Promise<Record<string, string | number>> {
  return { ...bundleFigures(), ...(await renderFigures()) };
}
