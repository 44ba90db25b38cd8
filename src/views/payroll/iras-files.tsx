import { Box, Button, HStack, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { ir8aJobMachine } from '../../../machines/ir8a-job.machine';
import { type AisCheck, aisProblemsByPerson } from '../../domain/submissions';

type JobRef = ActorRefFrom<typeof ir8aJobMachine>;

/**
 * The year's IR8A PDF, made as a job: Make, its progress, Download, or why it failed and Try again.
 * Placed in a wrapping row of buttons: Make sits in it, the other states take a row of their own.
 */
export function Ir8aJobPanel({ job }: { job: JobRef }) {
  const snapshot = useSelector(job, (s) => s);
  const { year, progress, error } = snapshot.context;
  const following = snapshot.matches('following');
  const done = snapshot.matches('done') || snapshot.matches('downloading');
  const starting = snapshot.matches('starting');
  const make = (label: string) => (
    <Button
      size="sm"
      colorPalette="teal"
      variant="outline"
      disabled={snapshot.matches('recalling')}
      loading={starting}
      loadingText="Processing..."
      onClick={() => job.send({ type: 'job.start' })}
    >
      {label}
    </Button>
  );

  if (following) {
    const total = progress?.total ?? 0;
    const drawn = progress?.done ?? 0;
    const words = total > 0 ? `${drawn} of ${total} employees` : 'Waiting to start...';
    return (
      <Progress.Root
        value={total > 0 ? drawn : null}
        max={Math.max(1, total)}
        size="sm"
        colorPalette="teal"
        maxW="28rem"
        flexBasis="full"
        translations={{ value: () => words }}
      >
        <Progress.Label fontSize="sm">
          IR8A forms for {year}: {words}
        </Progress.Label>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    );
  }
  // Beside the other IRAS buttons; a message takes its own row above them.
  if (done)
    return (
      <Stack gap="2" flexBasis="full">
        <Text fontSize="sm" color="green.fg">
          The IR8A forms for {year} are ready ({progress?.total ?? 0} employees).
        </Text>
        <HStack gap="3" wrap="wrap">
          <Button
            size="sm"
            colorPalette="teal"
            loading={snapshot.matches('downloading')}
            loadingText="Processing..."
            onClick={() => job.send({ type: 'job.download' })}
          >
            Download IR8A forms (PDF)
          </Button>
          {make('Make them again')}
        </HStack>
        {error && (
          <Text fontSize="sm" color="red.fg" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    );
  if (snapshot.matches('failed'))
    return (
      <Stack gap="2" flexBasis="full">
        <Text fontSize="sm" color="red.fg" role="alert">
          The IR8A forms for {year} could not be made: {error}
        </Text>
        <Box>{make('Try again')}</Box>
      </Stack>
    );
  return <Box>{make('Make IR8A forms (PDF)')}</Box>;
}

/** What stops the AIS file, by employee: each name leads to their staff record, where it is fixed. */
export function AisProblems({ check }: { check: AisCheck }) {
  const people = aisProblemsByPerson(check.problems);
  return (
    <Stack gap="2">
      <Text fontWeight="medium" color="red.fg">
        Fix these before the AIS file for {check.year} can be made:
      </Text>
      <Stack as="ul" gap="2" ps="5" listStyleType="disc" aria-label="What stops the AIS file">
        {people.map((person) => (
          <Box as="li" key={person.userId} fontSize="sm">
            <Link asChild colorPalette="teal" fontWeight="medium">
              <RouterLink href={person.userId === 0 ? '/admin/company' : `/admin/users/${person.userId}`}>
                {person.userId === 0 ? 'Company' : person.name}
              </RouterLink>
            </Link>
            : {person.messages.join(' ')}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
