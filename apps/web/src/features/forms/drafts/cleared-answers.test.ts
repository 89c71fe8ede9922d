import { describe, expect, it } from 'vitest';
import { modelConfig } from '../testing/model-configs';
import { clearedLabels } from './cleared-answers';

const configs = [
  modelConfig('Standard', 'ClaimDetails', {
    Vin: { label: 'LocKey_Field_Vin' },
    AcquisitionDate: { label: 'LocKey_Field_AcquisitionDate' },
  }),
  modelConfig('Automotive', 'ClaimDetails', { Vin: { label: 'LocKey_Field_AutoVin' } }),
];

describe('clearedLabels', () => {
  it("names each cleared field by the label of its form's model", () => {
    expect(
      clearedLabels('Standard', ['ClaimDetails.vin', 'ClaimDetails.acquisitionDate'], configs),
    ).toEqual(['LocKey_Field_Vin', 'LocKey_Field_AcquisitionDate']);
  });

  it('names a field the configs no longer declare by its key', () => {
    expect(clearedLabels('Standard', ['ClaimDetails.mileage'], configs)).toEqual(['mileage']);
  });
});
