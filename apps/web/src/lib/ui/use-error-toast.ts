import { useCallback } from 'react';
import { failureMessage } from '../failure-message';
import { useToast } from './toasts';

/**
 * Shows a failed call as an 'Error!' toast, announced to screen readers: a refusal in the server's
 * own words, anything else as `unexpected` when given (see failureMessage).
 */
export function useErrorToast(): (error: unknown, unexpected?: string) => void {
  const toast = useToast();
  return useCallback(
    (error: unknown, unexpected?: string) => toast({ title: 'Error!', body: failureMessage(error, unexpected), variant: 'danger' }),
    [toast],
  );
}
