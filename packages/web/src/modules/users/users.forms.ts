// Form helpers of the users and roles screens.
import type { FieldValues, Resolver } from 'react-hook-form';

/** A select whose first option is '' ("No role", "All"): the label stays up so that option shows. */
export const EMPTY_OPTION_SELECT = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

/**
 * The contracts report an empty text under a minimum length as 'v.minLength|n' ("The min number of
 * characters is 3"); for a field left empty 'v.required' ("Field is required.") says what to do.
 */
export function withRequiredMessages<TIn extends FieldValues, C, TOut>(resolver: Resolver<TIn, C, TOut>): Resolver<TIn, C, TOut> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    for (const [name, error] of Object.entries(result.errors ?? {})) {
      const value = (values as Record<string, unknown>)[name];
      if (typeof error?.message === 'string' && error.message.startsWith('v.minLength|') && typeof value === 'string' && value.trim() === '') {
        error.message = 'v.required';
      }
    }
    return result;
  };
}
