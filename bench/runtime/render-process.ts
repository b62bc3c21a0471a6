// The render bench as a process of its own (see index.ts): prints its figures as one marked JSON line and exits.
import { renderFigures } from './render';

const figures = await renderFigures();
console.log(`RENDER-FIGURES ${JSON.stringify(figures)}`);
process.exit(0);
