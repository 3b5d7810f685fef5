import type { FormHTMLAttributes, ReactNode } from "react";
import { Button } from "./button";
import { Notice } from "./notice";

type ActionFormProps = Pick<FormHTMLAttributes<HTMLFormElement>, "id" | "aria-label" | "aria-labelledby"> & {
  /** `useFormAction`'s state: the submit button is busy with it, and its problem is the form's one error line. */
  action: { busy: boolean; problem: string | null };
  /** Runs on submit (the browser's own submit and validation are off); a promise it returns is not awaited. */
  onSubmit: () => Promise<unknown> | void;
  submitLabel: string;
  busyLabel: string;
  /** A short form: fields and buttons side by side (the `FormRow` layout), the messages under the row. */
  row?: boolean;
  /** What the last submit did, announced politely (`testId` names it for tests). */
  done?: { text: string | null; testId: string };
  /** Buttons after the submit button. */
  buttons?: ReactNode;
  children: ReactNode;
};

/**
 * A console form around its fields: the submit button (busy while the call waits), any other
 * buttons, the one error line and the result. Stacked, the messages come before the buttons.
 */
export function ActionForm({ action, onSubmit, submitLabel, busyLabel, row, done, buttons, children, ...form }: ActionFormProps) {
  const messages = (
    <>
      <Notice tone="error">{action.problem}</Notice>
      {done && (
        <Notice tone="success" testId={done.testId}>
          {done.text}
        </Notice>
      )}
    </>
  );
  return (
    <>
      <form
        {...form}
        className={row ? "c-form-row" : "c-form"}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        {children}
        {!row && messages}
        <div className="c-actions">
          <Button type="submit" busy={action.busy} busyLabel={busyLabel}>
            {submitLabel}
          </Button>
          {buttons}
        </div>
      </form>
      {row && messages}
    </>
  );
}
