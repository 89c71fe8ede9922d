import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoModelConfigs } from '../features/forms/testing/demo-case';
import { useModelsStore } from '../features/forms/stores/models-store';
import { loadDateSupportFor, loadFormPage, loadLookupPage } from './form-page-modules';

const preloadBlocks = vi.hoisted(() => vi.fn(async (_names: readonly string[]) => undefined));
const loadDateSupport = vi.hoisted(() => vi.fn(async () => undefined));

vi.mock('../features/forms/blocks/registry', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  preloadBlocks,
}));
const preloadMasks = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../features/forms/components/masked-input', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  preloadMasks,
}));

vi.mock('../lib/date-support', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  loadDateSupport,
}));

beforeAll(() => {
  useModelsStore.getState().loadRemoteConfigs(demoModelConfigs());
});

beforeEach(() => {
  preloadBlocks.mockClear();
  loadDateSupport.mockClear();
  preloadMasks.mockClear();
});

const preloadedBlocks = () => preloadBlocks.mock.calls.flatMap(([names]) => names);

describe('loading a form page', () => {
  it('preloads the blocks of the fields its records are made of', async () => {
    await loadFormPage('Standard', 'supporting-documents');
    expect(preloadedBlocks()).toEqual(
      expect.arrayContaining(['MultiRecordManager', 'Select', 'File']),
    );
  });

  it('does not preload the date picker for a page of documents', async () => {
    await loadFormPage('Standard', 'supporting-documents');
    expect(preloadedBlocks()).not.toContain('Date');
  });

  it('preloads the date picker when the records have a date', async () => {
    await loadFormPage('Standard', 'claim-details');
    expect(preloadedBlocks()).toEqual(expect.arrayContaining(['MultiRecordTable', 'Date']));
  });

  it('leaves the masks of pages with masked fields to load when a field is first used', async () => {
    await loadFormPage('Standard', 'claimant-info');
    await loadFormPage('Standard', 'claim-details');
    await loadFormPage('Automotive', 'landing');
    expect(preloadMasks).not.toHaveBeenCalled();
  });

  it('signs in on a landing page without loading the date rules', async () => {
    await loadFormPage('Standard', 'landing');
    expect(loadDateSupport).not.toHaveBeenCalled();
  });

  it('loads the date rules for a page whose records have a date', async () => {
    await loadFormPage('Standard', 'claim-details');
    expect(loadDateSupport).toHaveBeenCalled();
  });

  it('loads the date rules for a set of models only when a field of one reads dates', async () => {
    await loadDateSupportFor([{ formType: 'Standard', dtoMapping: 'ClaimantInfo' }]);
    expect(loadDateSupport).not.toHaveBeenCalled();
    await loadDateSupportFor([
      { formType: 'Standard', dtoMapping: 'ClaimantInfo' },
      { formType: 'Standard', dtoMapping: 'ClaimDetails' },
    ]);
    expect(loadDateSupport).toHaveBeenCalled();
  });

  it('loads the VIN lookup without the date rules, its fields reading none', async () => {
    await loadLookupPage();
    expect(loadDateSupport).not.toHaveBeenCalled();
  });
});
