import { Button, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { LoadActorRef } from '../../../machines/load.machine';
import { FormError } from '../../ui/form-field';

/** The load is fetching (its first answer or a new one): the screen shows its skeleton or spinner. */
export const useLoading = (load: LoadActorRef) => useSelector(load, (s) => s.matches('loading'));

/**
 * The one failure of every load (docs/guides/load-data.md): the server's reason and Try again, which
 * fetches the same query again. Nothing while the load is not failed.
 */
export function LoadFailure({ load }: { load: LoadActorRef }) {
  const error = useSelector(load, (s) => (s.matches('failed') ? s.context.error : null));
  if (!error) return null;
  return (
    <Stack gap="3" align="flex-start" role="alert">
      <FormError message={error.message} />
      <Button size="sm" variant="outline" onClick={() => load.send({ type: 'load.reload' })}>
        Try again
      </Button>
    </Stack>
  );
}
