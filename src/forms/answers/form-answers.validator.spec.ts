import { FieldType } from '../form-field-types';
import type { FormField } from '../schemas/form-field.schema';
import { extensionOf } from './answer-rules';
import { AnswerInput, validateAnswers } from './form-answers.validator';

const OK = 'aaaaaaaa-0000-4000-8000-000000000001';
const LEAK = 'aaaaaaaa-0000-4000-8000-000000000002';
const [A, B, C] = ['bbbbbbbb-0000-4000-8000-00000000000a', 'bbbbbbbb-0000-4000-8000-00000000000b', 'bbbbbbbb-0000-4000-8000-00000000000c'];

const fields: FormField[] = [
  { fieldId: 'driver', type: FieldType.Text, label: 'Driver', required: true, minLength: 3, maxLength: 20 },
  { fieldId: 'notes', type: FieldType.Textarea, label: 'Notes', required: false },
  { fieldId: 'odometer', type: FieldType.Number, label: 'Odometer', required: true, min: 0, max: 999_999 },
  {
    fieldId: 'oil',
    type: FieldType.Select,
    label: 'Oil',
    required: false,
    options: [
      { optionId: OK, label: 'OK', critical: false },
      { optionId: LEAK, label: 'Leak', critical: true },
    ],
  },
  {
    fieldId: 'lights',
    type: FieldType.Checkbox,
    label: 'Lights working',
    required: false,
    minChecked: 1,
    maxChecked: 2,
    options: [
      { optionId: A, label: 'Front', critical: false },
      { optionId: B, label: 'Rear', critical: false },
      { optionId: C, label: 'None', critical: true },
    ],
  },
  { fieldId: 'brakes', type: FieldType.Boolean, label: 'Brake fluid leak', required: false, criticalWhen: true },
  { fieldId: 'clean', type: FieldType.Stars, label: 'Cleanliness', required: false, maxStars: 3 },
  { fieldId: 'inspected', type: FieldType.Date, label: 'Inspected on', required: false, disableFuture: true },
  { fieldId: 'next', type: FieldType.Date, label: 'Next service', required: false, disablePast: true },
  { fieldId: 'photos', type: FieldType.File, label: 'Photos', required: false, maxFiles: 2, allowedExtensions: ['jpg', 'png'] },
];
const context = { today: '2026-11-21' };
const minimal: AnswerInput[] = [
  { fieldId: 'driver', value: 'Ana Soto' },
  { fieldId: 'odometer', value: 120_500 },
];
const check = (extra: AnswerInput[]) => validateAnswers(fields, [...minimal, ...extra], context);
// An answer to driver or odometer takes the place of the minimal one; others are appended.
const errorsOf = (answer: AnswerInput) => {
  const replaced = minimal.map((a) => (a.fieldId === answer.fieldId ? answer : a));
  const result = validateAnswers(fields, replaced.includes(answer) ? replaced : [...minimal, answer], context);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
};

describe('validateAnswers', () => {
  it('accepts a full answer set, normalized, in the form order, with the critical flag', () => {
    const result = validateAnswers(
      fields,
      [
        { fieldId: 'photos', value: ['https://files.test/a.JPG?x=1', 'b.png'] },
        { fieldId: 'next', value: '2026-12-01' },
        { fieldId: 'inspected', value: '2026-11-21' },
        { fieldId: 'clean', value: 3 },
        { fieldId: 'brakes', value: false },
        { fieldId: 'lights', value: [A, B] },
        { fieldId: 'oil', value: LEAK.toUpperCase() },
        { fieldId: 'notes', value: '  scratched door  ' },
        ...minimal,
      ],
      context,
    );
    expect(result).toEqual({
      ok: true,
      critical: true,
      criticalFieldIds: ['oil'],
      answers: [
        { fieldId: 'driver', type: 'text', label: 'Driver', value: 'Ana Soto', critical: false },
        { fieldId: 'notes', type: 'textarea', label: 'Notes', value: 'scratched door', critical: false },
        { fieldId: 'odometer', type: 'number', label: 'Odometer', value: 120_500, critical: false },
        { fieldId: 'oil', type: 'select', label: 'Oil', value: LEAK, critical: true },
        { fieldId: 'lights', type: 'checkbox', label: 'Lights working', value: [A, B], critical: false },
        { fieldId: 'brakes', type: 'boolean', label: 'Brake fluid leak', value: false, critical: false },
        { fieldId: 'clean', type: 'stars', label: 'Cleanliness', value: 3, critical: false },
        { fieldId: 'inspected', type: 'date', label: 'Inspected on', value: '2026-11-21', critical: false },
        { fieldId: 'next', type: 'date', label: 'Next service', value: '2026-12-01', critical: false },
        { fieldId: 'photos', type: 'file', label: 'Photos', value: ['https://files.test/a.JPG?x=1', 'b.png'], critical: false },
      ],
    });
  });

  it('leaves out blank optional answers and is not critical without a critical choice', () => {
    const result = check([
      { fieldId: 'notes', value: '   ' },
      { fieldId: 'oil', value: null },
      { fieldId: 'lights', value: [] },
    ]);
    expect(result).toMatchObject({ ok: true, critical: false, criticalFieldIds: [] });
    expect(result.ok && result.answers.map((a) => a.fieldId)).toEqual(['driver', 'odometer']);
  });

  it('flags a boolean answer equal to criticalWhen, and a checked critical option', () => {
    expect(
      check([
        { fieldId: 'brakes', value: true },
        { fieldId: 'lights', value: [C] },
      ]),
    ).toMatchObject({ ok: true, criticalFieldIds: ['lights', 'brakes'] });
  });

  it('names a required field that is missing', () => {
    expect(validateAnswers(fields, [{ fieldId: 'driver', value: 'Ana Soto' }], context)).toEqual({
      ok: false,
      errors: [{ path: 'answers', message: '"Odometer" (odometer) is required' }],
    });
  });

  it('refuses a required field answered blank', () => {
    expect(validateAnswers(fields, [{ fieldId: 'driver', value: ' ' }, minimal[1]], context)).toEqual({
      ok: false,
      errors: [{ path: 'answers.0.value', message: '"Driver" is required' }],
    });
  });

  it.each([
    ['an unknown field', { fieldId: 'colour', value: 'red' }, 'answers.2.fieldId', 'The form has no field "colour"'],
    ['text of another type', { fieldId: 'notes', value: 42 }, 'answers.2.value', '"Notes" must be a text'],
    ['text below minLength', { fieldId: 'driver', value: 'Al' }, 'answers.0.value', '"Driver" must have at least 3 characters'],
    ['text above maxLength', { fieldId: 'driver', value: 'x'.repeat(21) }, 'answers.0.value', '"Driver" must have at most 20 characters'],
    ['textarea above the default cap', { fieldId: 'notes', value: 'x'.repeat(10_001) }, 'answers.2.value', '"Notes" must have at most 10000 characters'],
    ['a number as a string', { fieldId: 'odometer', value: '120' }, 'answers.1.value', '"Odometer" must be a number'],
    ['a number below min', { fieldId: 'odometer', value: -1 }, 'answers.1.value', '"Odometer" must be at least 0'],
    ['a number above max', { fieldId: 'odometer', value: 1_000_000 }, 'answers.1.value', '"Odometer" must be at most 999999'],
    ['an unknown select option', { fieldId: 'oil', value: A }, 'answers.2.value', `"Oil" has no option ${A}`],
    ['several options on a select', { fieldId: 'oil', value: [OK] }, 'answers.2.value', '"Oil" must be the optionId of one option'],
    ['checkbox not a list', { fieldId: 'lights', value: A }, 'answers.2.value', '"Lights working" must be a list of optionIds'],
    ['an unknown checkbox option', { fieldId: 'lights', value: [A, OK] }, 'answers.2.value', `"Lights working" has no option ${OK}`],
    ['a checkbox option twice', { fieldId: 'lights', value: [A, A] }, 'answers.2.value', '"Lights working" must not check the same option twice'],
    ['more than maxChecked', { fieldId: 'lights', value: [A, B, C] }, 'answers.2.value', '"Lights working" allows at most 2 options checked'],
    ['boolean as a string', { fieldId: 'brakes', value: 'yes' }, 'answers.2.value', '"Brake fluid leak" must be true or false'],
    ['stars above maxStars', { fieldId: 'clean', value: 4 }, 'answers.2.value', '"Cleanliness" must be a whole number of stars from 1 to 3'],
    ['zero stars', { fieldId: 'clean', value: 0 }, 'answers.2.value', '"Cleanliness" must be a whole number of stars from 1 to 3'],
    ['half a star', { fieldId: 'clean', value: 2.5 }, 'answers.2.value', '"Cleanliness" must be a whole number of stars from 1 to 3'],
    ['a date in another format', { fieldId: 'inspected', value: '21/11/2026' }, 'answers.2.value', '"Inspected on" must be a date as YYYY-MM-DD'],
    ['an impossible date', { fieldId: 'inspected', value: '2026-02-30' }, 'answers.2.value', '"Inspected on" must be a date as YYYY-MM-DD'],
    [
      'a future date where disableFuture',
      { fieldId: 'inspected', value: '2026-11-22' },
      'answers.2.value',
      '"Inspected on" must not be in the future (today is 2026-11-21)',
    ],
    [
      'a past date where disablePast',
      { fieldId: 'next', value: '2026-11-20' },
      'answers.2.value',
      '"Next service" must not be in the past (today is 2026-11-21)',
    ],
    [
      'files not a list',
      { fieldId: 'photos', value: 'a.jpg' },
      'answers.2.value',
      '"Photos" must be a list of file references (upload ids, or names or URLs of uploaded files)',
    ],
    ['more than maxFiles', { fieldId: 'photos', value: ['a.jpg', 'b.jpg', 'c.jpg'] }, 'answers.2.value', '"Photos" allows at most 2 files'],
    [
      'a file extension not allowed',
      { fieldId: 'photos', value: ['a.jpg', 'virus.exe'] },
      'answers.2.value',
      '"Photos" accepts only jpg, png files, not virus.exe',
    ],
  ])('refuses %s', (_, answer, path, message) => {
    expect(errorsOf(answer as AnswerInput)).toEqual([{ path, message }]);
  });

  it('refuses a field answered twice', () => {
    expect(check([{ fieldId: 'driver', value: 'Other' }])).toEqual({
      ok: false,
      errors: [{ path: 'answers.2.fieldId', message: 'Field "driver" is answered more than once' }],
    });
  });

  it('refuses fewer than minChecked options on a non-blank checkbox', () => {
    const strict = fields.map((f) => (f.fieldId === 'lights' ? { ...f, minChecked: 2 } : f));
    expect(validateAnswers(strict, [...minimal, { fieldId: 'lights', value: [A] }], context)).toEqual({
      ok: false,
      errors: [{ path: 'answers.2.value', message: '"Lights working" needs at least 2 options checked' }],
    });
  });

  it('uses 5 stars and 10 files when the form says nothing', () => {
    const loose: FormField[] = [
      { fieldId: 's', type: FieldType.Stars, label: 'S', required: false },
      { fieldId: 'f', type: FieldType.File, label: 'F', required: false },
    ];
    const answer = (stars: number, files: string[]) =>
      validateAnswers(
        loose,
        [
          { fieldId: 's', value: stars },
          { fieldId: 'f', value: files },
        ],
        context,
      );
    expect(answer(5, Array(10).fill('x.bin')).ok).toBe(true);
    expect(answer(6, Array(11).fill('x'))).toMatchObject({ ok: false, errors: [{ path: 'answers.0.value' }, { path: 'answers.1.value' }] });
  });

  it('reports every problem at once', () => {
    expect(
      validateAnswers(
        fields,
        [
          { fieldId: 'odometer', value: -5 },
          { fieldId: 'x', value: 1 },
        ],
        context,
      ),
    ).toEqual({
      ok: false,
      errors: [
        { path: 'answers.0.value', message: '"Odometer" must be at least 0' },
        { path: 'answers.1.fieldId', message: 'The form has no field "x"' },
        { path: 'answers', message: '"Driver" (driver) is required' },
      ],
    });
  });
});

describe('extensionOf', () => {
  it.each([
    ['photo.JPG', 'jpg'],
    ['https://files.test/dir.v2/photo.png?sig=a.b#frag', 'png'],
    ['archive.tar.gz', 'gz'],
    ['README', ''],
    ['.hidden', ''],
    ['https://files.test/dir.v2/noext', ''],
  ])('%s → %j', (reference, extension) => {
    expect(extensionOf(reference)).toBe(extension);
  });
});
