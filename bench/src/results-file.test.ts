import { describe, expect, it } from 'vitest';
import { withKeptSections } from './results-file';

const FRAUD =
  '<!-- fraud-simulation:start -->\n## Fraud screening\nfigures\n<!-- fraud-simulation:end -->';
const DATA_IO = '<!-- data-io:start -->\n## Data in and out\nfigures\n<!-- data-io:end -->';

describe('withKeptSections', () => {
  it('keeps the fraud and data sections of the previous file after the new figures', () => {
    const previous = `# Benchmark results\nold figures\n\n${FRAUD}\n\n${DATA_IO}\n`;
    expect(withKeptSections('# Benchmark results\nnew figures\n', previous)).toBe(
      `# Benchmark results\nnew figures\n\n${FRAUD}\n\n${DATA_IO}\n`,
    );
  });

  it('writes the new figures alone when the previous file had no such section', () => {
    expect(withKeptSections('# Benchmark results\nnew\n', '# Benchmark results\nold\n')).toBe(
      '# Benchmark results\nnew\n',
    );
  });

  it('leaves out a section whose end marker is missing', () => {
    const previous = `old\n${DATA_IO}\n<!-- fraud-simulation:start -->\ncut off`;
    expect(withKeptSections('new\n', previous)).toBe(`new\n\n${DATA_IO}\n`);
  });
});
