import { readFileSync } from 'node:fs';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

export interface Contribution {
  /** A package (react-dom, @fortawesome/fontawesome-svg-core) or a folder of the project. */
  origin: string;
  /** Bytes of minified output it accounts for. */
  bytes: number;
}

/** Where a source of the bundle comes from: its package, else its project folder. */
export function sourceOrigin(source: string): string {
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (packageMatch !== null) return packageMatch[1] as string;
  const projectMatch = /(packages\/core\/src\/[^/]+|src\/features\/[^/]+|src\/[^/]+)/.exec(source);
  return projectMatch?.[1] ?? source;
}

/**
 * Which sources the minified code of a chunk comes from, by its source map: each generated
 * segment's bytes go to the source it maps to (unmapped bytes to "(unmapped)").
 */
export function chunkComposition(code: string, map: RawSourceMap): Contribution[] {
  const consumer = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const segments: { line: number; column: number; origin: string }[] = [];
  consumer.eachMapping((mapping) => {
    segments.push({
      line: mapping.generatedLine,
      column: mapping.generatedColumn,
      origin: mapping.source === null ? '(unmapped)' : sourceOrigin(mapping.source),
    });
  });
  segments.sort((a, b) => a.line - b.line || a.column - b.column);
  const bytes = new Map<string, number>();
  let mapped = 0;
  segments.forEach((segment, index) => {
    const next = segments[index + 1];
    const lineLength = lines[segment.line - 1]?.length ?? 0;
    const end = next !== undefined && next.line === segment.line ? next.column : lineLength;
    const length = Math.max(0, end - segment.column);
    mapped += length;
    bytes.set(segment.origin, (bytes.get(segment.origin) ?? 0) + length);
  });
  const unmapped = code.length - mapped;
  if (unmapped > 0) bytes.set('(unmapped)', (bytes.get('(unmapped)') ?? 0) + unmapped);
  return [...bytes]
    .map(([origin, count]) => ({ origin, bytes: count }))
    .sort((a, b) => b.bytes - a.bytes);
}

/** The composition of several built files together (each with its .map beside it). */
export function filesComposition(files: readonly string[]): Contribution[] {
  const total = new Map<string, number>();
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap;
    for (const { origin, bytes } of chunkComposition(code, map))
      total.set(origin, (total.get(origin) ?? 0) + bytes);
  }
  return [...total].map(([origin, bytes]) => ({ origin, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/** A chunk's name without Vite's content hash: assets/index-C9jp0Wc.js → index. */
export function chunkName(file: string): string {
  return file.replace(/^.*\//, '').replace(/-[A-Za-z0-9_-]{8}\.(m?js|css)$/, '');
}
