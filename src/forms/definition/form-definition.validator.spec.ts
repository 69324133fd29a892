import { validateFormDefinition } from './form-definition.validator';

const uuid = (n: number) => `cccccccc-0000-4000-8000-${String(n).padStart(12, '0')}`;
const form = (fields: unknown[], extra: Record<string, unknown> = {}) => ({ name: 'Pre-trip check', status: 'active', fields, ...extra });
const text = { fieldId: 't', type: 'text', label: 'Text' };

describe('validateFormDefinition', () => {
  it('accepts a form using every field type with consistent bounds', () => {
    expect(
      validateFormDefinition(
        form([
          { ...text, required: true, helperText: 'As on the licence', minLength: 2, maxLength: 2 },
          { fieldId: 'ta', type: 'textarea', label: 'Notes', maxLength: 10_000 },
          { fieldId: 'n', type: 'number', label: 'Km', min: -5.5, max: -5.5 },
          {
            fieldId: 's',
            type: 'select',
            label: 'Oil',
            options: [
              { optionId: uuid(1), label: 'OK' },
              { optionId: uuid(2), label: 'Leak', critical: true },
            ],
          },
          { fieldId: 'c', type: 'checkbox', label: 'Lights', minChecked: 0, maxChecked: 1, options: [{ optionId: uuid(3), label: 'Front', critical: false }] },
          { fieldId: 'b', type: 'boolean', label: 'Leak?', criticalWhen: true },
          { fieldId: 'st', type: 'stars', label: 'Clean', maxStars: 10 },
          { fieldId: 'd', type: 'date', label: 'Day', disableFuture: true, disablePast: false },
          { fieldId: 'f', type: 'file', label: 'Photos', maxFiles: 20, allowedExtensions: ['jpg', 'pdf'] },
        ]),
      ),
    ).toEqual([]);
  });

  it.each([
    ['no name', { ...form([text]), name: ' ' }, 'name', /non-empty/],
    ['an unknown status', form([text], { status: 'draft' }), 'status', /active, inactive, archived/],
    ['a version below 1', form([text], { version: 0 }), 'version', /positive integer/],
    ['no fields', form([]), 'fields', /1 to 200/],
    ['a field that is not an object', form([text, 'x']), 'fields.1', /object/],
    ['an unknown type', form([{ ...text, type: 'colour' }]), 'fields.0.type', /text, textarea, number/],
    ['a missing fieldId', form([{ type: 'text', label: 'x' }]), 'fields.0.fieldId', /non-empty/],
    ['a repeated fieldId', form([text, { ...text, label: 'Again' }]), 'fields.1.fieldId', /used by another field/],
    ['a missing label', form([{ fieldId: 'x', type: 'text' }]), 'fields.0.label', /non-empty/],
    ['required not a boolean', form([{ ...text, required: 'yes' }]), 'fields.0.required', /boolean/],
    ['a property of another type', form([{ ...text, maxStars: 5 }]), 'fields.0.maxStars', /does not apply to a text field/],
    ['minLength above maxLength', form([{ ...text, minLength: 5, maxLength: 4 }]), 'fields.0.minLength', /must not exceed maxLength/],
    ['a negative maxLength', form([{ ...text, maxLength: -1 }]), 'fields.0.maxLength', /integer from 0 to 1000/],
    ['a text maxLength above the cap', form([{ ...text, maxLength: 1001 }]), 'fields.0.maxLength', /0 to 1000/],
    ['min above max', form([{ fieldId: 'n', type: 'number', label: 'N', min: 10, max: 1 }]), 'fields.0.min', /must not exceed max/],
    ['a non-numeric min', form([{ fieldId: 'n', type: 'number', label: 'N', min: '1' }]), 'fields.0.min', /a number/],
    ['a select without options', form([{ fieldId: 's', type: 'select', label: 'S', options: [] }]), 'fields.0.options', /1 to 100/],
    [
      'an option id that is not a uuid',
      form([{ fieldId: 's', type: 'select', label: 'S', options: [{ optionId: 'ok', label: 'OK' }] }]),
      'fields.0.options.0.optionId',
      /uuid/,
    ],
    [
      'an option id repeated in another field',
      form([
        { fieldId: 's', type: 'select', label: 'S', options: [{ optionId: uuid(1), label: 'A' }] },
        { fieldId: 'c', type: 'checkbox', label: 'C', options: [{ optionId: uuid(1), label: 'B' }] },
      ]),
      'fields.1.options.0.optionId',
      /used by another option/,
    ],
    [
      'an option without label',
      form([{ fieldId: 's', type: 'select', label: 'S', options: [{ optionId: uuid(1) }] }]),
      'fields.0.options.0.label',
      /non-empty/,
    ],
    [
      'minChecked above maxChecked',
      form([
        {
          fieldId: 'c',
          type: 'checkbox',
          label: 'C',
          minChecked: 2,
          maxChecked: 1,
          options: [
            { optionId: uuid(1), label: 'A' },
            { optionId: uuid(2), label: 'B' },
          ],
        },
      ]),
      'fields.0.minChecked',
      /must not exceed maxChecked/,
    ],
    [
      'maxChecked above the options',
      form([{ fieldId: 'c', type: 'checkbox', label: 'C', maxChecked: 2, options: [{ optionId: uuid(1), label: 'A' }] }]),
      'fields.0.maxChecked',
      /number of options \(1\)/,
    ],
    [
      'maxChecked of zero',
      form([{ fieldId: 'c', type: 'checkbox', label: 'C', maxChecked: 0, options: [{ optionId: uuid(1), label: 'A' }] }]),
      'fields.0.maxChecked',
      /at least 1/,
    ],
    ['criticalWhen not a boolean', form([{ fieldId: 'b', type: 'boolean', label: 'B', criticalWhen: 'yes' }]), 'fields.0.criticalWhen', /boolean/],
    ['maxStars above 10', form([{ fieldId: 's', type: 'stars', label: 'S', maxStars: 11 }]), 'fields.0.maxStars', /1 to 10/],
    ['disablePast not a boolean', form([{ fieldId: 'd', type: 'date', label: 'D', disablePast: 1 }]), 'fields.0.disablePast', /boolean/],
    ['maxFiles of zero', form([{ fieldId: 'f', type: 'file', label: 'F', maxFiles: 0 }]), 'fields.0.maxFiles', /1 to 20/],
    [
      'an extension with a dot',
      form([{ fieldId: 'f', type: 'file', label: 'F', allowedExtensions: ['.jpg'] }]),
      'fields.0.allowedExtensions',
      /without the dot/,
    ],
    ['a repeated extension', form([{ fieldId: 'f', type: 'file', label: 'F', allowedExtensions: ['jpg', 'jpg'] }]), 'fields.0.allowedExtensions', /repeat/],
  ])('refuses %s', (_, definition, path, message) => {
    expect(validateFormDefinition(definition as Record<string, unknown>)).toEqual([{ path, message: expect.stringMatching(message) }]);
  });
});
