// The echarts option of a chart block: categories along the x axis (or as slices), one series per field, each value
// shown in its figure format (cents as yuan) on the axis and in the tooltip, in the colours of the console's theme.
import type { EChartsCoreOption } from 'echarts/core';
import type { Lang } from '../../i18n/label';
import type { ChartBlock, ChartSeries, Label, Row } from '../../schema/types';
import { fieldOf, formatFigure } from '../figures';

const figureAt = (row: Row, field: string): number | null => {
  const value = fieldOf(row, field);
  return value === undefined || value === null || value === '' ? null : Number(value);
};

/** The theme's colours, so a chart reads on the dark theme as on the light ones. */
export interface ChartColours {
  text: string;
  secondary: string;
  line: string;
  tooltip: string;
}

export function chartOption(
  block: ChartBlock,
  rows: Row[],
  categories: string[],
  label: (l: Label | undefined) => string,
  lang: Lang,
  colours: ChartColours,
): EChartsCoreOption {
  const shown = (series: ChartSeries) => (value: unknown) => formatFigure(value, series.format, lang);
  const common = {
    textStyle: { color: colours.text },
    legend: { type: 'scroll', textStyle: { color: colours.text } },
    tooltip: { backgroundColor: colours.tooltip, borderColor: colours.line, textStyle: { color: colours.text } },
  };
  const axis = {
    nameTextStyle: { color: colours.secondary },
    axisLabel: { color: colours.secondary },
    axisLine: { lineStyle: { color: colours.line } },
    splitLine: { lineStyle: { color: colours.line } },
  };
  if (block.kind === 'pie') {
    const series = block.series[0];
    return {
      ...common,
      tooltip: { ...common.tooltip, trigger: 'item', valueFormatter: shown(series) },
      legend: { ...common.legend, bottom: 0 },
      series: [
        {
          type: 'pie',
          name: label(series.label),
          radius: '60%',
          label: { color: colours.text },
          data: rows.map((row, index) => ({ name: categories[index], value: figureAt(row, series.field) })),
        },
      ],
    };
  }
  const first = block.series[0];
  return {
    ...common,
    tooltip: { ...common.tooltip, trigger: 'axis' },
    legend: { ...common.legend, top: 0 },
    grid: { left: 16, right: 24, top: 40, bottom: 16, containLabel: true },
    xAxis: { ...axis, type: 'category', name: label(block.category.label), data: categories },
    yAxis: {
      ...axis,
      type: 'value',
      name: block.series.length === 1 ? label(first.label) : undefined,
      axisLabel: { ...axis.axisLabel, formatter: shown(first) },
    },
    series: block.series.map((series) => ({
      type: block.kind,
      name: label(series.label),
      data: rows.map((row) => figureAt(row, series.field)),
      tooltip: { valueFormatter: shown(series) },
    })),
  };
}
