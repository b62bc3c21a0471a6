// The echarts option of a `map` chart: each row a point on the map of China at its longitude and latitude, sized by
// the first series; the tooltip names the row and shows every series in its figure format.
import type { EChartsCoreOption } from 'echarts/core';
import type { Lang } from '../../i18n/label';
import type { ChartBlock, Label, Row } from '../../schema/types';
import { fieldOf, formatFigure } from '../figures';
import type { ChartColours } from './option';

const SMALLEST = 8;
const LARGEST = 32;

/** Tooltips are HTML: stored names are text. */
const asText = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function mapOption(
  block: ChartBlock,
  rows: Row[],
  categories: string[],
  label: (l: Label | undefined) => string,
  lang: Lang,
  colours: ChartColours,
): EChartsCoreOption {
  const position = block.position ?? { longitude: 'longitude', latitude: 'latitude' };
  const [first] = block.series;
  const sizes = rows.map((row) => Number(fieldOf(row, first.field) ?? 0));
  const largest = Math.max(1, ...sizes);
  return {
    textStyle: { color: colours.text },
    tooltip: {
      trigger: 'item',
      backgroundColor: colours.tooltip,
      borderColor: colours.line,
      textStyle: { color: colours.text },
      formatter: (point: { dataIndex: number; seriesType?: string }) => {
        if (point.seriesType !== 'scatter') return '';
        const row = rows[point.dataIndex];
        const lines = block.series.map(
          (series) =>
            `${asText(label(series.label))}: ${asText(formatFigure(fieldOf(row, series.field), series.format, lang))}`,
        );
        return [`<b>${asText(categories[point.dataIndex] ?? '')}</b>`, ...lines].join('<br/>');
      },
    },
    geo: {
      map: 'china',
      roam: true,
      itemStyle: { areaColor: colours.area, borderColor: colours.line },
      emphasis: { itemStyle: { areaColor: colours.line }, label: { show: false } },
    },
    series: [
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        name: label(first.label),
        data: rows.map((row, index) => ({
          name: categories[index],
          value: [Number(fieldOf(row, position.longitude)), Number(fieldOf(row, position.latitude)), sizes[index]],
        })),
        // Areas, not radii, grow with the figure, so a site with four times the orders looks four times as busy.
        symbolSize: (value: number[]) => SMALLEST + (LARGEST - SMALLEST) * Math.sqrt(value[2] / largest),
        itemStyle: { color: colours.point, opacity: 0.8 },
      },
    ],
  };
}
