import type { ApiErrorBody } from '@smm/shared/errors';

/** The body of the last failed call, shown under each field; empty when there is none. */
export type ErrorsState = Partial<ApiErrorBody>;

export type ErrorsAction = { type: 'GET_ERRORS'; payload: ApiErrorBody } | { type: 'CLEAR_ERRORS' };

export const initialErrorsState: ErrorsState = {};

export function errorsReducer(state: ErrorsState, action: ErrorsAction): ErrorsState {
  switch (action.type) {
    case 'GET_ERRORS':
      return action.payload;
    case 'CLEAR_ERRORS':
      return {};
    default:
      return state;
  }
}

/** The message to show under one field, if the last failure named it. */
export const fieldError = (errors: ErrorsState, field: string): string | undefined => errors.fields?.[field];
