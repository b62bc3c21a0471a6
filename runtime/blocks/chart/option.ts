// The echarts option of a chart block: categories along the x axis (or as slices), one series per field, each value
// shown in its figure format (cents as yuan) on the axis and in the tooltip.
import type { EChartsCoreOption } from 'echarts/core';
import type { Lang } from '../../i18n/label';
import type { ChartBlock, ChartSeries, Label, Row } from '../../schema/types';
import { fieldOf, formatFigure } from '../figures';

const figureAt = (row: Row, field: string): number | null => {
  const value = fieldOf(row, field);
  return value === undefined || value === null || value === '' ? null : Number(value);
};

export function chartOption(
  block: ChartBlock,
  rows: Row[],
  categories: string[],
  label: (l: Label | undefined) => string,
  lang: Lang,
): EChartsCoreOption {
  const shown = (series: ChartSeries) => (value: unknown) => formatFigure(value, series.format, lang);
  if (block.kind === 'pie') {
    const series = block.series[0];
    return {
      tooltip: { trigger: 'item', valueFormatter: shown(series) },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          name: label(series.label),
          radius: '60%',
          data: rows.map((row, index) => ({ name: categories[index], value: figureAt(row, series.field) })),
        },
      ],
    };
  }
  const first = block.series[0];
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 16, right: 24, top: 40, bottom: 16, containLabel: true },
    xAxis: { type: 'category', name: label(block.category.label), data: categories },
    yAxis: {
      type: 'value',
      name: block.series.length === 1 ? label(first.label) : undefined,
      axisLabel: { formatter: shown(first) },
    },
    series: block.series.map((series) => ({
      type: block.kind,
      name: label(series.label),
      data: rows.map((row) => figureAt(row, series.field)),
      tooltip: { valueFormatter: shown(series) },
    })),
  };
}
