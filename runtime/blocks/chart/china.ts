// The map of China a `map` chart draws on, in a chunk of its own (about 130 KB gzipped): only a page with a map
// downloads it. Province outlines come from china-geojson (AntV), whose feature ids are the province codes sites carry.

import china from 'china-geojson/src/geojson/china.json';
import { ScatterChart } from 'echarts/charts';
import { GeoComponent } from 'echarts/components';
import { registerMap, use } from 'echarts/core';

use([GeoComponent, ScatterChart]);
registerMap('china', china as never);
