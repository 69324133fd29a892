/** How the environment's strings become values: shared by the areas' `@Transform`s and `@IsUrl`s. */
export const toBoolean = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : value === true || value === 'true' || value === '1';
export const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;
export const emptyAsUnset = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
export const url = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };
