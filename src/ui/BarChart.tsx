import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';

export interface BarDatum {
  /** Unique per bar, e.g. an ISO day. */
  key: string;
  /** The axis label, e.g. 'Mar 2'. */
  label: string;
  value: number;
}

export interface BarChartProps {
  /** The chart's name, shown above it and announced. */
  title: string;
  data: readonly BarDatum[];
  /** What a value counts, for the announced text: '3 completed deliveries'. */
  unit: string;
  /** The drawing's height in CSS pixels; the width follows its container. */
  height?: number;
  /** The header of the labels' column in the table read to screen readers ('Day' in the kit's words by default). */
  labelHeader?: string;
}

/** A round upper bound for the axis: 1, 2, 5 or 10 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** The evenly spaced axis values from 0 to `top` (`count` intervals), whole numbers only when `top` is small. */
export function ticks(top: number, count = 4): number[] {
  const step = top / count;
  const result: number[] = [];
  for (let i = 0; i <= count; i++) result.push(Math.round(step * i * 100) / 100);
  return top < count ? [...new Set(result.map(Math.round))] : result;
}

/** The drawing's width before the container is measured (and where it cannot be, as in jsdom). */
const DEFAULT_WIDTH = 640;
const LEFT = 36;
const BOTTOM = 24;
const TOP = 8;

/**
 * A bar chart in SVG, drawn with the theme's colours (no chart library: a few bars do not need
 * one). Accessible: the drawing is one image named by its title and a summary; the numbers are also
 * a table for screen readers; each bar's tooltip says its value.
 */
export function BarChart({ title, data, unit, height = 220, labelHeader }: BarChartProps) {
  const t = useT(uiMessages);
  const id = useId();
  // Drawn at the container's own width, so bars fill it and the labels keep their size and shape.
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const node = frame.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const max = Math.max(0, ...data.map((d) => d.value));
  const top = niceMax(max);
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const plotWidth = width - LEFT - 8;
  const plotHeight = height - TOP - BOTTOM;
  const slot = data.length > 0 ? plotWidth / data.length : plotWidth;
  const barWidth = Math.max(2, slot * 0.7);
  // A label every few bars, so they never run into each other (about 48 px each).
  const labelEvery = Math.max(1, Math.ceil(data.length / Math.max(1, Math.floor(plotWidth / 48))));
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const summary =
    data.length === 0
      ? t('chart.noData')
      : t('chart.summary', { total, unit, first: data[0]?.label, last: data[data.length - 1]?.label, max });

  return (
    <figure className="space-y-2" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="text-sm font-medium">
        {title}
      </figcaption>
      <div ref={frame}>
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-summary`}
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          height={height}
          className="block text-slate-400 dark:text-slate-500"
        >
          <desc id={`${id}-summary`}>{summary}</desc>
          {ticks(top).map((tick) => (
            <g key={tick}>
              <line x1={LEFT} x2={width - 8} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.3} strokeWidth={1} />
              <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="currentColor">
                {tick}
              </text>
            </g>
          ))}
          {data.map((d, index) => {
            const x = LEFT + index * slot + (slot - barWidth) / 2;
            const barTop = y(d.value);
            return (
              <g key={d.key} data-testid="bar" data-value={d.value}>
                <rect x={x} y={barTop} width={barWidth} height={TOP + plotHeight - barTop} rx={2} className="fill-brand">
                  <title>{t('chart.bar', { label: d.label, value: d.value, unit })}</title>
                </rect>
                {index % labelEvery === 0 && (
                  <text x={x + barWidth / 2} y={height - 6} textAnchor="middle" fontSize={11} fill="currentColor">
                    {d.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader ?? t('chart.day')}</th>
            <th scope="col">{unit}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.key}>
              <th scope="row">{d.label}</th>
              <td>{d.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
