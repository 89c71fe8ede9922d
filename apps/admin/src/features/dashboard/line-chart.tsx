import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One line of a chart; `dash` tells lines apart for those who do not see the colours. */
export interface ChartLine {
  label: string;
  values: readonly number[];
  /** A colour with at least 3:1 contrast on white (WCAG 1.4.11). */
  color: string;
  dash?: number[];
}

const HEIGHT = 260;
/** Steps between the day labels of the x axis, in days. */
const DAY_STEPS = [1, 2, 5, 7, 14, 30, 61, 91, 182, 365];

function options(
  width: number,
  days: readonly string[],
  lines: readonly ChartLine[],
): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: false, range: [-0.5, Math.max(days.length - 0.5, 0.5)] } },
    axes: [
      {
        incrs: DAY_STEPS,
        values: (_plot, splits) =>
          splits.map((split) => (Number.isInteger(split) ? (days[split] ?? '') : '')),
      },
      { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 100_000] },
    ],
    series: [
      {},
      ...lines.map((line) => ({
        label: line.label,
        stroke: line.color,
        width: 2,
        ...(line.dash === undefined ? {} : { dash: line.dash }),
        points: { show: days.length <= 60 },
      })),
    ],
  };
}

/**
 * Lines over the days, drawn by uPlot on a canvas. The canvas is hidden from assistive
 * technology: the page gives the same figures as text and as a table beside it.
 */
export function LineChart({
  days,
  lines,
}: {
  days: readonly string[];
  lines: readonly ChartLine[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (element === null) return undefined;
    const data: uPlot.AlignedData = [
      days.map((_, index) => index),
      ...lines.map((line) => [...line.values]),
    ];
    const plot = new uPlot(options(element.clientWidth || 600, days, lines), data, element);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [days, lines]);
  return (
    <>
      <div ref={box} aria-hidden="true" />
      <ul className="list-inline small mb-0" aria-hidden="true">
        {lines.map((line) => (
          <li key={line.label} className="list-inline-item">
            <svg width="28" height="10" className="me-1" focusable="false">
              <line
                x1="0"
                y1="5"
                x2="28"
                y2="5"
                stroke={line.color}
                strokeWidth="2"
                strokeDasharray={line.dash?.join(' ')}
              />
            </svg>
            {line.label}
          </li>
        ))}
      </ul>
    </>
  );
}
