import { ADDRESS_CITY_MAX, ADDRESS_LINE_MAX } from '@muster/contract/veterans';
import { ADDRESS_STATES, isMilitaryState } from '@muster/contract/us-states';
import { useFormContext } from 'react-hook-form';

import { TextField } from '@/components/ui/text-field';

import type { VeteranFormValues } from '../utils/veteran-form-values';
import { SelectField } from '@/components/ui/select-field';

/** VA's states and territories, then the military "states" of APO, FPO and DPO mail. */
const CIVIL_STATES = ADDRESS_STATES.filter((state) => !isMilitaryState(state.code));
const MILITARY_STATES = ADDRESS_STATES.filter((state) => isMilitaryState(state.code));

/**
 * The mailing address: optional as a whole, but once started, street, city, state and ZIP are
 * needed. Military and diplomatic mail is APO, FPO or DPO with AA, AE or AP.
 */
export function AddressFields() {
  const { control } = useFormContext<VeteranFormValues>();
  return (
    <div className="grid gap-4">
      <TextField
        control={control}
        name="address.line1"
        label="Street address"
        autoComplete="address-line1"
        maxLength={ADDRESS_LINE_MAX}
        description="For military mail, the unit and box, such as Unit 2050 Box 4190 or PSC 1234 Box 5678."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          control={control}
          name="address.line2"
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          maxLength={ADDRESS_LINE_MAX}
        />
        <TextField
          control={control}
          name="address.line3"
          label="Address line 3 (optional)"
          autoComplete="address-line3"
          maxLength={ADDRESS_LINE_MAX}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-[2fr_2fr_1fr]">
        <TextField
          control={control}
          name="address.city"
          label="City"
          autoComplete="address-level2"
          maxLength={ADDRESS_CITY_MAX}
          description="APO, FPO or DPO for military mail."
        />
        <SelectField control={control} name="address.state" label="State or territory">
          <option value="">Choose…</option>
          <optgroup label="States and territories">
            {CIVIL_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </optgroup>
          <optgroup label="Military mail (APO, FPO, DPO)">
            {MILITARY_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </optgroup>
        </SelectField>
        <TextField
          control={control}
          name="address.zip_code"
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
        />
      </div>
    </div>
  );
}
