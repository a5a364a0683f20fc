import { DEPENDANT_COUNT_LIMITS, DEPENDANT_LABELS } from '@muster/contract/calculator';
import { escapeHtml } from '@muster/contract/html';

/** A whole-number count field (children), bounded by the contract's limit. */
function countField(options: {
  id: string;
  name: 'children_under_18' | 'school_children';
  hint?: string;
}): string {
  const { id, name, hint } = options;
  const describedBy = hint ? `${id}-hint ${id}-error` : `${id}-error`;
  return `<div>
                <label for="${id}" class="field-label">${escapeHtml(DEPENDANT_LABELS[name])}</label>
                <input
                  id="${id}"
                  name="${name}"
                  type="number"
                  inputmode="numeric"
                  min="0"
                  max="${DEPENDANT_COUNT_LIMITS[name]}"
                  step="1"
                  value="0"
                  class="field-input max-w-32"
                  aria-describedby="${describedBy}"
                />${hint ? `\n                <p id="${id}-hint" class="field-hint">${escapeHtml(hint)}</p>` : ''}
                <p id="${id}-error" class="field-error" hidden></p>
              </div>`;
}

/**
 * The calculator's dependant fields: labels and limits come from the contract, so the site, the app
 * and the API agree on them.
 */
export function renderDependantFields(): string {
  const parents = Array.from(
    { length: DEPENDANT_COUNT_LIMITS.parents + 1 },
    (_, count) => `<option value="${count}">${count}</option>`,
  ).join('\n                  ');
  return `<div class="flex items-center gap-3">
                <input id="spouse" name="spouse" type="checkbox" class="h-5 w-5" />
                <label for="spouse" class="font-semibold">${escapeHtml(DEPENDANT_LABELS.spouse)}</label>
              </div>
              <div>
                <div class="flex items-center gap-3">
                  <input
                    id="spouse-aid-attendance"
                    name="spouse_aid_attendance"
                    type="checkbox"
                    class="h-5 w-5"
                    aria-describedby="spouse-aid-attendance-hint"
                  />
                  <label for="spouse-aid-attendance" class="font-semibold">${escapeHtml(DEPENDANT_LABELS.spouse_aid_attendance)}</label>
                </div>
                <p id="spouse-aid-attendance-hint" class="field-hint">
                  Only with a spouse: your spouse needs help with daily activities.
                </p>
              </div>
              ${countField({ id: 'children-under-18', name: 'children_under_18' })}
              ${countField({ id: 'school-children', name: 'school_children', hint: 'In a VA-approved school program.' })}
              <div>
                <label for="parents" class="field-label">${escapeHtml(DEPENDANT_LABELS.parents)}</label>
                <select
                  id="parents"
                  name="parents"
                  class="field-input max-w-32"
                  aria-describedby="parents-error"
                >
                  ${parents}
                </select>
                <p id="parents-error" class="field-error" hidden></p>
              </div>`;
}
