import type { ReactNode } from "react";
import type { ConsoleApiError } from "../api";
import { describeError } from "../messages";
import { Button } from "./button";
import { Loading } from "./layout-parts";
import { Notice } from "./notice";

export interface DataGateState<T> {
  data: T | null;
  error: ConsoleApiError | null;
  loading: boolean;
  reload: () => Promise<void>;
}

interface DataGateProps<T> {
  state: DataGateState<T>;
  /** Words for the loading line: "Loading {what}…". */
  what: string;
  children: (data: T) => ReactNode;
}

/**
 * One read's three faces: loading on the first request, an error in words with a retry,
 * and the data. A failed reload keeps the last good data on screen under the error.
 */
export function DataGate<T>({ state, what, children }: DataGateProps<T>) {
  const { data, error, loading, reload } = state;
  return (
    <>
      <Notice tone="error">{error && `Could not load ${what}. ${describeError(error)}`}</Notice>
      {error && (
        <Button variant="secondary" onClick={() => void reload()} busy={loading} busyLabel="Trying again…">
          Try again
        </Button>
      )}
      {data !== null ? children(data) : !error && <Loading what={what} />}
    </>
  );
}
