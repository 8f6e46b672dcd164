import { useState } from 'react';
import { useSingleFlight } from './use-single-flight.ts';

/** What the last attempt came to. `attempt` tells a failure from the one before it, so that its screen is announced again. */
export type ActionOutcome<Failure> = { status: 'success' } | { status: 'failure'; failure: Failure; attempt: number };

export interface ConfirmedAction<Args extends unknown[], Failure> {
  /** The action is under way: its buttons are disabled, and say so. */
  pending: boolean;
  /** Undefined before the first attempt, and after `reset`. */
  outcome: ActionOutcome<Failure> | undefined;
  /** Acts now: the page itself was the question (the unlink pages), or the choice needs none (Accept), or a Retry. */
  act: (...args: Args) => void;
  /** Asks first: opens `dialog`, whose confirm acts with these arguments. */
  ask: (...args: Args) => void;
  /** For the `ConfirmDialog` that asks: open while asking; its cancel leaves everything as it was. */
  dialog: { open: boolean; onConfirm: () => void; onCancel: () => void };
  /** Back to before any attempt (a failure screen's Cancel). */
  reset: () => void;
}

/**
 * Something the user confirms and then does, once (a double tap sends one request, `useSingleFlight`): unlinking a
 * voice assistant, rejecting an invitation. `failureOf` says what a failure shows; undefined when there is nothing to
 * show because the caller has taken it elsewhere (the invitation changed meanwhile and is loaded again). A failure
 * keeps its screen while the retry runs, so the screen does not jump back to the question.
 */
export function useConfirmedAction<Args extends unknown[], Failure>(
  action: (...args: Args) => Promise<unknown>,
  failureOf: (error: unknown, ...args: Args) => Failure | undefined,
): ConfirmedAction<Args, Failure> {
  const flight = useSingleFlight();
  const [outcome, setOutcome] = useState<ActionOutcome<Failure>>();
  const [asking, setAsking] = useState<Args>();

  const act = (...args: Args) => {
    void flight.run(
      async () => {
        await action(...args);
        setOutcome({ status: 'success' });
      },
      (error) => {
        const failure = failureOf(error, ...args);
        setOutcome((previous) =>
          failure === undefined
            ? undefined
            : { status: 'failure', failure, attempt: previous?.status === 'failure' ? previous.attempt + 1 : 1 },
        );
      },
    );
  };

  return {
    pending: flight.pending,
    outcome,
    act,
    ask: (...args) => setAsking(args),
    dialog: {
      open: asking !== undefined,
      onConfirm: () => {
        setAsking(undefined);
        if (asking) act(...asking);
      },
      onCancel: () => setAsking(undefined),
    },
    reset: () => setOutcome(undefined),
  };
}
